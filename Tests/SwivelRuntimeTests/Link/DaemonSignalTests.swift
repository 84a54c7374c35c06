#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore
import SwivelPorts
import SwivelProtocol
import SwivelTestSupport
import Testing

/// Issue 10, section 5: a second signal always takes the immediate path.
@Suite(.serialized) struct DaemonSignalTests {
    /// Two SIGTERMs 20 ms apart both arrived before the main thread's next
    /// poll (every 100 ms), were merged by the kernel into one pending signal,
    /// and the daemon decelerated and exited 0 as if sent one. Twice, since
    /// the old code took the second one whenever a poll fell between them.
    @Test(arguments: 0..<2) func aSecondSigtermTwentyMillisecondsLaterDisablesTheDriversAtOnce(_ run: Int) throws {
        let daemon = try DaemonLinkTests.Daemon(tag: "signals\(run)")
        let host = RawHost(channel: try UnixSocket.connect(path: daemon.socketPath))
        guard case .identity? = try host.call(.hello(Hello(clientName: "daemon-signal-tests"))) else {
            _ = daemon.stop()
            throw DocumentedFailure("no IDENTITY")
        }
        host.keepAlive = true
        #expect(try host.call(.setSystemTracking(enabled: false))?.isAck == true)
        // Full speed: stopping from 3 rad/s at 12 rad/s² takes 0.25 s, longer than the 20 ms between signals.
        #expect(try host.call(.setAngularVelocity(Vector3(yaw: 3)))?.isAck == true)
        try host.pump(seconds: 0.5)
        daemon.process.signal(SIGTERM)
        sleepSeconds(0.02)
        daemon.process.signal(SIGTERM)
        let result = daemon.process.wait()
        #expect(result.status == 70, "stderr: \(result.standardError)")  // EX_SOFTWARE: the forced path
        #expect(result.standardError.contains("SIGTERM: decelerating to a stop"))
        #expect(result.standardError.contains("second signal: disabling the drivers without waiting"))
        #expect(access(daemon.socketPath, F_OK) != 0, "the socket is removed on exit")
    }

    @Test func oneSignalStillDeceleratesAndExitsZero() throws {
        let daemon = try DaemonLinkTests.Daemon(tag: "onesignal")
        sleepSeconds(0.5)
        let result = daemon.stop()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(!result.standardError.contains("second signal"))
        #expect(result.standardOutput.contains("stopped; drivers disabled"))
    }
}
