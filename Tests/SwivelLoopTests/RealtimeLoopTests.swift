#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelTestSupport
import SwivelHardware
import SwivelPOSIX
import Testing
@testable import SwivelLoop

@Suite struct RealtimeLoopTests {
    static let period: Int64 = 1_000_000

    /// FIFO without memory locking: exercises the policy path without locking the
    /// whole test runner into RAM.
    static func fifoRequest() throws -> RealtimeRequest {
        try RealtimeRequest(lockMemory: false, fifoPriority: 49, cpu: nil)
    }

    @Test func periodsOutsideTheRangeAreRefused() {
        for period: Int64 in [0, -1_000_000, 9_999, 1_000_000_001] {
            #expect {
                try RealtimeLoop(periodNanoseconds: period, request: .none) { _ in }
            } throws: { error in
                (error as? RealtimeLoopError)?.kind == .invalidPeriod
            }
        }
    }

    @Test func aClockOtherThanCLOCKMonotonicIsRefused() {
        #expect {
            try RealtimeLoop(clock: FrozenClock(), request: .none) { _ in }
        } throws: { error in
            (error as? RealtimeLoopError)?.kind == .clockNotSystemMonotonic
        }
        #expect((try? RealtimeLoop(clock: SystemMonotonicClock(), request: .none) { _ in }) != nil)
    }

    @Test func ticksRunOnTheDeadlineGridWithConsecutiveIndices() throws {
        let recorder = TickRecorder(capacity: 1_000)
        let loop = try RealtimeLoop(periodNanoseconds: Self.period, request: Self.fifoRequest()) { tick in
            recorder.append(tick)
        }
        let privileges = try loop.start()
        try recorder.waitForTicks(50)
        loop.stop()

        let ticks = recorder.ticks
        let statistics = loop.statistics()
        #expect(ticks.count >= 50)
        #expect(statistics.ticks == UInt64(ticks.count))
        #expect(statistics.wakeLatency.count == statistics.ticks)
        #expect(statistics.tickCost.count == statistics.ticks)
        #expect(statistics.privileges == privileges)
        #expect(statistics.periodNanoseconds == Self.period)
        #expect(statistics.description.contains("ticks=\(ticks.count) overruns=\(statistics.overruns)"))

        var gapsWithSkips: UInt64 = 0
        var skippedFromGaps: UInt64 = 0
        for (offset, tick) in ticks.enumerated() {
            #expect(tick.index == UInt64(offset))
            #expect(tick.periodNanoseconds == Self.period)
            #expect(tick.wake >= tick.deadline)
            guard offset > 0 else { continue }
            let gap = tick.deadline.nanoseconds(since: ticks[offset - 1].deadline)
            // Exactly one period, or (after an overrun) a whole number of them.
            #expect(gap >= Self.period)
            #expect(gap % Self.period == 0)
            if gap > Self.period {
                gapsWithSkips += 1
                skippedFromGaps += UInt64(gap / Self.period - 1)
            }
        }
        // The last tick's overrun, if any, shows in the counters but not in a gap.
        #expect(statistics.overruns >= gapsWithSkips)
        #expect(statistics.overruns <= gapsWithSkips + 1)
        #expect(statistics.skippedDeadlines >= skippedFromGaps)
        if statistics.overruns == gapsWithSkips {
            #expect(statistics.skippedDeadlines == skippedFromGaps)
        }
    }

    @Test func noTickRunsAfterStopReturns() throws {
        let recorder = TickRecorder(capacity: 1_000)
        let loop = try RealtimeLoop(periodNanoseconds: Self.period, request: Self.fifoRequest()) { tick in
            recorder.append(tick)
        }
        try loop.start()
        try recorder.waitForTicks(5)
        loop.stop()
        let countAtStop = recorder.ticks.count
        DeadlineSleep.until(nanoseconds: SystemMonotonicClock().now().nanoseconds + 10 * Self.period)
        #expect(recorder.ticks.count == countAtStop)
        loop.stop()  // a second stop is harmless
        #expect(recorder.ticks.count == countAtStop)
    }

    @Test func aBodyThatSleepsThreePeriodsOverrunsAndSkipsAhead() throws {
        let recorder = TickRecorder(capacity: 1_000)
        let busy = 3 * Self.period
        let loop = try RealtimeLoop(periodNanoseconds: Self.period, request: Self.fifoRequest()) { tick in
            recorder.append(tick)
            DeadlineSleep.until(nanoseconds: tick.wake.nanoseconds + busy)
        }
        try loop.start()
        try recorder.waitForTicks(10)
        loop.stop()

        let ticks = recorder.ticks
        let statistics = loop.statistics()
        #expect(statistics.ticks == UInt64(ticks.count))
        #expect(statistics.overruns == statistics.ticks)
        #expect(statistics.skippedDeadlines >= 3 * statistics.ticks)
        #expect(statistics.tickCost.percentileNanoseconds(0) >= busy)
        for offset in 1..<ticks.count {
            let previous = ticks[offset - 1]
            let tick = ticks[offset]
            #expect(tick.index == previous.index + 1)
            let gap = tick.deadline.nanoseconds(since: previous.deadline)
            #expect(gap % Self.period == 0)
            #expect(gap >= 4 * Self.period)
            // No burst: every deadline lies after the previous tick's body ended.
            #expect(tick.deadline.nanoseconds > previous.wake.nanoseconds + busy)
        }
    }

    @Test func stopFromInsideTheBodyEndsAfterTheCurrentTick() throws {
        let recorder = TickRecorder(capacity: 1_000)
        let loopBox = TestMutex<RealtimeLoop?>(nil)
        let loop = try RealtimeLoop(periodNanoseconds: Self.period, request: .none) { tick in
            recorder.append(tick)
            if tick.index == 5 {
                loopBox.withLock { $0 }?.stop()
            }
        }
        loopBox.withLock { $0 = loop }
        try loop.start()
        try recorder.waitForTicks(6)
        loop.stop()
        #expect(recorder.ticks.map(\.index) == Array(0...5))
        #expect(loop.statistics().ticks == 6)
        loopBox.withLock { $0 = nil }
    }

    @Test func aLoopRunsOnlyOnce() throws {
        let loop = try RealtimeLoop(request: .none) { _ in }
        try loop.start()
        #expect {
            try loop.start()
        } throws: { error in
            (error as? RealtimeLoopError)?.kind == .alreadyStarted
        }
        loop.stop()
        #expect(throws: RealtimeLoopError.self) { try loop.start() }

        let neverStarted = try RealtimeLoop(request: .none) { _ in }
        neverStarted.stop()
        #expect(throws: RealtimeLoopError.self) { try neverStarted.start() }
        #expect(neverStarted.statistics().ticks == 0)
        #expect(neverStarted.statistics().privileges == nil)
    }

    @Test func resetStatisticsDropsTheTicksBeforeIt() throws {
        let recorder = TickRecorder(capacity: 1_000)
        let loop = try RealtimeLoop(periodNanoseconds: Self.period, request: .none) { tick in
            recorder.append(tick)
        }
        try loop.start()
        try recorder.waitForTicks(20)
        loop.resetStatistics()
        try recorder.waitForTicks(30)
        loop.stop()

        let total = UInt64(recorder.ticks.count)
        let statistics = loop.statistics()
        #expect(statistics.ticks >= 1)
        #expect(statistics.ticks <= total - 20)
        #expect(statistics.wakeLatency.count == statistics.ticks)
        #expect(statistics.tickCost.count == statistics.ticks)
    }
}

/// A clock that is not CLOCK_MONOTONIC.
private final class FrozenClock: MonotonicClock, Sendable {
    func now() -> MonotonicInstant { .zero }
}

/// Collects the ticks a body saw, for checking after the loop stopped. On a
/// `TestMutex`: ThreadSanitizer saw `Mutex`'s futex hand-over as a race
/// between `append` and `waitForTicks` (`make sanitize`, 2026-12-04).
private final class TickRecorder: Sendable {
    private let storage: TestMutex<[TickContext]>

    init(capacity: Int) {
        var ticks: [TickContext] = []
        ticks.reserveCapacity(capacity)
        storage = TestMutex(ticks)
    }

    func append(_ tick: TickContext) {
        storage.withLock { $0.append(tick) }
    }

    var ticks: [TickContext] { storage.withLock { $0 } }

    /// Waits (polling every millisecond, for at most 10 s) until `count` ticks ran.
    func waitForTicks(_ count: Int) throws {
        let clock = SystemMonotonicClock()
        let giveUp = clock.now().advanced(byNanoseconds: 10_000_000_000)
        while storage.withLock({ $0.count }) < count {
            try #require(clock.now() < giveUp, "the loop did not reach \(count) ticks within 10 s")
            DeadlineSleep.until(nanoseconds: clock.now().nanoseconds + 1_000_000)
        }
    }
}
