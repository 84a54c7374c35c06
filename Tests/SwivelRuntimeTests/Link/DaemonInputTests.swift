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

/// Issue 10, section 2, against the built swiveld: nothing a host sends and
/// no option value makes the daemon trap.
@Suite(.serialized) struct DaemonInputTests {
    /// `swiveld --duration 1e10` died with SIGILL converting to nanoseconds.
    @Test func anAbsurdDurationOptionIsAUsageError() throws {
        for value in ["1e10", "1e300", "inf", "nan"] {
            let result = try Subprocess.run(DaemonTests.swiveld, DaemonTests.isolated(["--board", DaemonTests.simBoard, "--duration", value]))
            #expect(result.status == 64, "--duration \(value): status \(result.status), stderr: \(result.standardError)")
            #expect(result.standardError.contains("--duration must be a positive number of seconds, at most 10000000"))
        }
    }
}
