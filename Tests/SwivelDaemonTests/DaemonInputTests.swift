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

/// Issue 10, section 2, against the built swiveld: nothing a host sends and
/// no option value makes the daemon trap.
@Suite(.serialized) struct DaemonInputTests {
    /// |v| ≥ 9.2e16 rad/s was ACKed, then the status line's fixed-point
    /// formatting overflowed an Int64 and the daemon died with SIGILL, leaving
    /// its socket behind. Now it is refused and the daemon carries on.
    @Test func anAbsurdVelocityIsRefusedAndTheDaemonLivesOn() throws {
        let daemon = try DaemonLinkTests.Daemon(tag: "absurd")
        let host = RawHost(channel: try UnixSocket.connect(path: daemon.socketPath))
        guard case .identity? = try host.call(.hello(Hello(clientName: "daemon-input-tests"))) else {
            _ = daemon.stop()
            throw DocumentedFailure("no IDENTITY")
        }
        host.keepAlive = true
        #expect(try host.call(.setSystemTracking(enabled: false))?.isAck == true)
        let reply = try host.call(.setAngularVelocity(Vector3(yaw: 1e17)))
        if case .error(let err)? = reply {
            #expect(err.code == .invalidParameter)
            #expect(err.axis == .yaw)
            #expect(err.value == Double(Float(1e17)))
        } else {
            Issue.record("1e17 rad/s was not refused: \(String(describing: reply))")
        }
        // Well past the status line's next redraws (every 100 ms), within the 1 s heartbeat timeout.
        for _ in 0..<3 {
            try host.pump(seconds: 0.4)
            #expect(try host.call(.heartbeat)?.isAck == true, "the daemon still answers")
        }
        #expect(try host.state()?.velocities.yaw == 0)
        let result = daemon.stop()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("stopped; drivers disabled"))
        #expect(access(daemon.socketPath, F_OK) != 0, "the socket is removed on exit")
    }

    /// `swiveld --duration 1e10` died with SIGILL converting to nanoseconds.
    @Test func anAbsurdDurationOptionIsAUsageError() throws {
        for value in ["1e10", "1e300", "inf", "nan"] {
            let result = try Subprocess.run(DaemonTests.swiveld, DaemonTests.isolated(["--board", DaemonTests.simBoard, "--duration", value]))
            #expect(result.status == 64, "--duration \(value): status \(result.status), stderr: \(result.standardError)")
            #expect(result.standardError.contains("--duration must be a positive number of seconds, at most 10000000"))
        }
    }
}
