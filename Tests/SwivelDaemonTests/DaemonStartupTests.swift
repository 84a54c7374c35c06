#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelTestSupport
import Testing

/// Issue 10, section 5: a start-up that fails never energises the motors.
@Suite(.serialized) struct DaemonStartupTests {
    /// The loop's first tick enabled the drivers (since issue 11 the first
    /// motion does, and the demo moves from that tick). The buttons (a busy line) and
    /// the link endpoints were taken after the loop had started, so the motors
    /// were energised for ~47 ms before start-up failed. A socket that cannot
    /// be made fails the same way a busy button line does (this machine has no
    /// GPIO chip to make a line busy on): now before the loop ever starts.
    @Test func aLinkEndpointThatCannotBeOpenedFailsBeforeTheLoopStarts() throws {
        let base = "/tmp/swivel-startup-\(getpid())"
        // --duration: should the socket ever open, the daemon still ends.
        let result = try Subprocess.run(DaemonTests.swiveld, [
            "--board", DaemonTests.simBoard, "--verbose", "--duration", "5", "--scene", "none",
            "--socket", "/nonexistent-\(getpid())/swivel.sock", "--pty-link", base + "-host", "--vision-link", base + "-vision",
        ])
        #expect(result.status == 78, "stderr: \(result.standardError)")
        #expect(result.standardError.contains("cannot open the host link"))
        // The loop logs its period as it starts (--verbose); it never did.
        #expect(!result.standardError.contains("real-time loop: period"), "stderr: \(result.standardError)")
    }
}
