import SwivelHardware
import SwivelTestSupport
import Testing

@Suite struct ClockTests {
    @Test func manualClockMovesOnlyForward() {
        let clock = ManualClock(startingAt: ns(1_000))
        #expect(clock.now() == ns(1_000))
        #expect(clock.advance(byNanoseconds: 500) == ns(1_500))
        #expect(clock.set(ns(10_000)) == ns(10_000))
        #expect(clock.set(ns(2_000)) == ns(10_000))
        #expect(clock.advance(byNanoseconds: -5) == ns(10_000))
        #expect(clock.now() == ns(10_000))
    }

    @Test func systemClockIsMonotonic() {
        let clock = SystemMonotonicClock()
        var previous = clock.now()
        for _ in 0..<1_000 {
            let next = clock.now()
            #expect(next >= previous)
            previous = next
        }
        #expect(previous.nanoseconds > 0)
    }
}
