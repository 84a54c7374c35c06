import SwivelToolSupport
import Testing

@testable import swivel_soak

/// The soak reads the daemon's exit summary and crash report as swiveld prints them.
@Suite struct DaemonSummaryTests {
    // As README.md shows a run (Sources/Tools/swiveld/Summary.swift prints it).
    static let cleanLog = """
        tracking following, error yaw +0.004 pitch +0.017 rad | tracking on, no host | 5.0s | yaw +2.002 rad +0.55 rad/s | pitch +0.087 rad +0.00 rad/s | roll +0.000* rad +0.00 rad/s | peak following error yaw 0.0030 pitch 0.0020 rad | loop p99 wake 37µs tick 12µs overruns 0
        swiveld: ran 5.1 s: 5069 ticks at 1000 Hz, 0 overruns (0 deadlines skipped)
          wake latency p50 25µs p99 37µs max 422µs
          tick cost    p50 9.0µs p99 12µs max 30µs
          SCHED_FIFO granted, mlockall granted
          stopped; drivers disabled
          host link: 0 sessions, 152 frames in, 147 messages acknowledged, 5 answered with an error, 0 retransmissions answered, 0 bad frames dropped
        """

    @Test func theExitSummaryIsRead() {
        let summary = DaemonSummary(log: Self.cleanLog)
        #expect(summary.loopLine == "ran 5.1 s: 5069 ticks at 1000 Hz, 0 overruns (0 deadlines skipped)")
        #expect(summary.wakeLine == "wake latency p50 25µs p99 37µs max 422µs")
        #expect(summary.linkLine?.hasPrefix("host link: 0 sessions") == true)
        #expect(summary.stopped)
        #expect(summary.peakFollowingError == 0.003)
        #expect(summary.crash.isEmpty)
    }

    @Test func aCrashIsShortenedToItsCause() {
        let log = """
            *** Signal 4: Backtracing from 0x555d43919348... done ***

            *** Swift runtime failure: Double value cannot be converted to Int64 because the result would be greater than Int64.max ***

            Thread 0 "swiveld" crashed:

              0 [inlined] [system]      0x0000555d43919348 Swift runtime failure: Double value cannot be converted to Int64
              1                         0x0000555d43919348 fixed(_:_:signed:) + 728 in swiveld at Sources/Runtime/SwivelRuntime/Telemetry/FixedPoint.swift:9:17
              2 [ra]                    0x0000555d439666f8 specialized static StatusLine.describe(_:) + 1015 in swiveld
              3 [ra]                    0x0000555d43966e9f static StatusLine.format(_:loop:) + 846 in swiveld
              4 [ra]                    0x0000555d4397ebce static Daemon.run(arguments:) + 7853 in swiveld
              5 [ra]                    0x0000555d4397a400 swiveld_main + 31 in swiveld
            """
        let summary = DaemonSummary(log: log)
        #expect(!summary.stopped)
        #expect(summary.crash.first?.hasPrefix("*** Swift runtime failure: Double value cannot be converted to Int64") == true)
        #expect(summary.crash.contains { $0.contains("FixedPoint.swift:9:17") })
        #expect(!summary.crash.contains { $0.contains("swiveld_main") }, "only the first frames")
    }

    @Test func badOptionsAreRefused() {
        #expect(throws: UsageError.self) { try SoakOptions.parse(["--seconds", "nan"]) }
        #expect(throws: UsageError.self) { try SoakOptions.parse(["--sessions", "0"]) }
        #expect(throws: UsageError.self) { try SoakOptions.parse(["--exclude", "motion,nonsense"]) }
        let options = try? SoakOptions.parse(["--seconds", "30", "--exclude", "absurd,churn", "--seed", "7"])
        #expect(options?.seconds == 30 && options?.seed == 7 && options?.excluded == [.absurd, .churn])
    }
}
