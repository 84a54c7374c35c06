#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPorts
import SwivelProtocol
import SwivelTestSupport
import SwivelStandHarness
import Testing

/// The built swiveld started before its serial device exists, as a service
/// starts before a USB adapter is plugged in. It used to exit 78, which the
/// unit's RestartPreventExitStatus then never restarted.
@Suite struct DaemonLateSerialTests {
    @Test func theDaemonWaitsForASerialDeviceThatIsNotThereYet() throws {
        // Not SerialLateDeviceTests's path: the two run at once in one process.
        let base = "/tmp/swivel-daemonlate-\(getpid())"
        let devicePath = base + "-ttyUSB0"
        let socketPath = base + ".sock"
        unlink(devicePath)
        let process = try Subprocess.launch(DaemonTests.swiveld, [
            "--board", DaemonTests.simBoard, "--no-demo", "--scene", "none", "--serial", devicePath, "--baud", "115200",
            "--socket", socketPath, "--vision-link", base + "-vision",
        ])
        var stopped = false
        defer { if !stopped { process.signal(SIGKILL); _ = process.wait() } }
        // Running: its socket is up although its serial device is not there.
        let end = RawHost.now() + 60
        while RawHost.now() < end && access(socketPath, F_OK) != 0 { sleepSeconds(0.025) }
        try #require(access(socketPath, F_OK) == 0, "swiveld made no socket: it stopped instead of waiting")
        sleepSeconds(1.5)

        // Plugged in: the device appears at the path, and a host docks through it.
        let adapter = try PseudoTerminalPair.open(symlinkAt: devicePath)
        defer { adapter.close() }
        let host = RawHost(channel: adapter.primary)
        var identity: Identity?
        let deadline = RawHost.now() + 10
        while identity == nil && RawHost.now() < deadline {
            if case .identity(let reply)? = try host.call(.hello(Hello(clientName: "late-adapter"))) { identity = reply }
        }
        #expect(identity?.name == "Swivel Simulated Stand")

        stopped = true
        process.signal(SIGTERM)
        let result = process.wait()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let waiting = result.standardError.split(separator: "\n").filter { $0.contains("\(devicePath) is not there yet") }
        #expect(waiting.count == 1, "logged once, not once a second: \(result.standardError)")
        #expect(result.standardError.contains("serial link \(devicePath) is there now"))
    }
}
