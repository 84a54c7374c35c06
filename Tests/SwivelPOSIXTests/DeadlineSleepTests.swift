import SwivelPOSIX
import Testing

@Suite struct DeadlineSleepTests {
    @Test func sleepsUntilTheDeadlineNeverBefore() {
        for _ in 0..<5 {
            let deadline = MonotonicTime.nanoseconds() + 2_000_000
            DeadlineSleep.until(nanoseconds: deadline)
            #expect(MonotonicTime.nanoseconds() >= deadline)
        }
    }

    @Test func aDeadlineInThePastReturnsAtOnce() {
        let start = MonotonicTime.nanoseconds()
        DeadlineSleep.until(nanoseconds: start - 1_000_000_000)
        #expect(MonotonicTime.nanoseconds() - start < 500_000_000)
    }

    @Test func theClockNeverGoesBack() {
        var previous = MonotonicTime.nanoseconds()
        for _ in 0..<10_000 {
            let now = MonotonicTime.nanoseconds()
            #expect(now >= previous)
            previous = now
        }
    }
}
