#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore
import SwivelPorts
import SwivelProtocol
import SwivelTestSupport
import SwivelStandHarness
import Testing

/// Issue 24, section 1: no thread that serves signals, hosts, the loop or
/// shutdown waits on standard output or error. Before, with its terminal
/// never read, the built swiveld blocked in its first log line: no socket, no
/// HELLO, SIGTERM and --duration unheard.
@Suite(.serialized) struct DaemonStalledOutputTests {
    static func dock(_ socket: String) throws -> RawHost {
        let host = RawHost(channel: try UnixSocket.connect(path: socket))
        guard case .identity? = try host.call(.hello(Hello(clientName: "daemon-stalled-output-tests"))) else {
            throw DocumentedFailure("no IDENTITY while the terminal is stalled")
        }
        host.keepAlive = true
        return host
    }

    static func yawVelocities(_ entries: ArraySlice<(header: FrameHeader, message: AccessoryMessage)>) -> [Double] {
        entries.compactMap { if case .motionState(let state) = $0.message { Double(state.velocities.yaw) } else { nil } }
    }

    @Test func aStalledTerminalHoldsUpNeitherTheHostNorTheStop() throws {
        let daemon = try TerminalDaemon(tag: "stalled", arguments: ["--no-demo"], stalled: true)
        let host = try Self.dock(daemon.socketPath)
        #expect(try host.call(.setSystemTracking(enabled: false))?.isAck == true)
        #expect(try host.call(.setAngularVelocity(Vector3(yaw: 1)))?.isAck == true)
        try host.pump(seconds: 0.5)
        #expect(Self.yawVelocities(host.inbox[...]).last == 1, "moving before the signal")
        let mark = host.inbox.count
        daemon.signal(SIGTERM)
        // The stand stops and the session ends (the socket closes) with the terminal still stalled.
        let end = RawHost.now() + 5
        while RawHost.now() < end, access(daemon.socketPath, F_OK) == 0, (try? host.pump(seconds: 0.05)) != nil {}
        let after = Self.yawVelocities(host.inbox[mark...])
        #expect(zip(after, after.dropFirst()).allSatisfy { $1 <= $0 }, "never faster after SIGTERM: \(after)")
        #expect(after.contains { $0 < 1 }, "decelerating before the link closed: \(after)")
        // A liveness bound, not a speed: the old daemon never exited while the terminal stayed stalled.
        // Exit 0 is the path that saw the stand at rest before disabling the drivers (70 is the forced one).
        let status = daemon.wait(seconds: 20 * Sanitizers.slowdown)
        #expect(status == 0, "exit status \(String(describing: status)) with the terminal stalled")
        #expect(access(daemon.socketPath, F_OK) != 0, "the socket is removed on exit")
    }

    @Test func durationEndsTheRunWhileTheTerminalIsStalled() throws {
        let daemon = try TerminalDaemon(tag: "stalled-duration", arguments: ["--duration", "1"], stalled: true)
        let status = daemon.wait(seconds: 20 * Sanitizers.slowdown)
        #expect(status == 0, "exit status \(String(describing: status)) after --duration 1 with the terminal stalled")
    }

    /// Lines that found the output full are dropped, counted, and the count
    /// is told once the terminal is read again.
    @Test func droppedLinesAreCountedAndToldOnceTheTerminalDrains() throws {
        let daemon = try TerminalDaemon(tag: "stalled-drop", arguments: ["--no-demo"], stalled: true)
        // Each session logs as it opens, docks and closes: far more lines than the queue holds.
        for _ in 0..<150 {
            let host = RawHost(channel: try UnixSocket.connect(path: daemon.socketPath))
            _ = try host.call(.hello(Hello(clientName: "daemon-stalled-output-tests")))
        }
        daemon.resume()
        let text = daemon.read(forSeconds: 2)
        #expect(text.contains("lines of output dropped while it was blocked"), "\(text.suffix(2000))")
        // Still alive and serving.
        _ = try Self.dock(daemon.socketPath)
        daemon.signal(SIGTERM)
        let tail = daemon.read(forSeconds: 1)
        #expect(daemon.wait(seconds: 20 * Sanitizers.slowdown) == 0)
        #expect((tail + daemon.read()).contains("SIGTERM: decelerating to a stop"))
    }

    /// An 80-column terminal cut the line after yaw and part of pitch: the
    /// tracking switch, the hosts and a fault were never on screen.
    @Test func anEightyColumnTerminalShowsTrackingAndHostsFirst() throws {
        let daemon = try TerminalDaemon(tag: "columns", arguments: ["--no-demo"], stalled: false, columns: 80)
        let host = try Self.dock(daemon.socketPath)
        #expect(try host.call(.setSystemTracking(enabled: false))?.isAck == true)
        try host.pump(seconds: 0.3)
        var text = ""
        let end = RawHost.now() + 1
        while RawHost.now() < end {
            text += daemon.read()
            try host.pump(seconds: 0.05)
        }
        // The last redraw: what the terminal shows now.
        let shown = try #require(text.components(separatedBy: "\r\u{1B}[K").last { $0.contains("rad/s") })
        #expect(shown.count <= 79, "cut to the width: \(shown)")
        #expect(shown.contains("tracking off, 1 host"), "\(shown)")
        #expect(shown.hasPrefix("idle, drivers off"), "\(shown)")
        daemon.signal(SIGTERM)
        _ = daemon.read(forSeconds: 0.2)
        #expect(daemon.wait(seconds: 20 * Sanitizers.slowdown) == 0)
    }

    /// Not a terminal (a file here; the journal under systemd): a line when
    /// the state changes and a periodic summary, where there was one a second.
    @Test func offATerminalTheStatusIsLoggedOnChangeNotEverySecond() throws {
        let result = try Subprocess.run(DaemonTests.swiveld, DaemonTests.isolated(["--board", DaemonTests.simBoard, "--no-demo", "--duration", "5"]))
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let statusLines = result.standardOutput.split(separator: "\n").filter { $0.contains(" rad/s") }
        // Nothing changed in 5 s: the first line and the last; the old ticker printed 5 or 6.
        #expect(statusLines.count <= 3, "\(statusLines.joined(separator: "\n"))")
        #expect(statusLines.first?.hasPrefix("idle, drivers off") == true)
        #expect(statusLines.last?.hasPrefix("halted, drivers disabled") == true, "the final state is the last line")
        #expect(!result.standardOutput.contains("\r"))
    }

    /// The exit summary's "rejected" (the stand's) and the link's "refused"
    /// disagreed with nothing saying they count different things.
    @Test func theSummarySaysWhatEachCounterCounts() throws {
        let daemon = try TestDaemon(tag: "counters")
        let host = try Self.dock(daemon.socketPath)
        #expect(try host.call(.setSystemTracking(enabled: false))?.isAck == true)
        if case .error? = try host.call(.setAngularVelocity(Vector3(yaw: 1e17))) {} else { Issue.record("1e17 rad/s was not refused") }
        #expect(try host.call(.setAngularVelocity(Vector3(yaw: 0.2)))?.isAck == true)
        let result = daemon.stop()
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("motion commands that reached the stand: "), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("refused (stopping, a fault, a limit)"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("answered with an error"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains(" rejected "), "\(result.standardOutput)")
    }
}
