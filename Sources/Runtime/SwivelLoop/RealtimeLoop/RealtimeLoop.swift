public import SwivelHardware
import Synchronization
import SwivelSync
import SwivelPOSIX

/// A fixed-period control tick on a dedicated real-time thread (Klipper's recipe:
/// locked memory, SCHED_FIFO, clock_nanosleep to absolute deadlines).
///
/// Each iteration sleeps to the deadline, runs the body, and sets the next deadline
/// one period later. A tick that ends at or after that next deadline is an overrun:
/// the loop skips to the first deadline still ahead rather than running a burst of
/// late ticks to catch up, since a burst would slam the motors with stale commands.
///
/// The loop thread never allocates, logs or blocks on a lock inside the loop. It
/// publishes statistics with a try-lock every ~100 ms (retrying next tick when a
/// reader holds the lock) and once more, blocking, after its last tick.
///
/// The loop thread keeps the loop alive until `stop()`: call it.
public final class RealtimeLoop: Sendable {
    public let periodNanoseconds: Int64
    public let request: RealtimeRequest

    public static let periodRangeNanoseconds: ClosedRange<Int64> = 10_000...1_000_000_000

    private let clock: any MonotonicClock & Sendable
    /// The body, until the loop thread takes it: from then on it is that thread's alone.
    private let handoff: PIMutex<(any LoopBody)?>
    private let publishIntervalTicks: UInt64
    private let stopRequested = Atomic(false)
    private let resetRequested = Atomic(false)
    private let published = PIMutex(PublishedStatistics())
    private let lifecycle = PIMutex(Lifecycle.notStarted)

    /// - Parameters:
    ///   - clock: what the loop reads `now` from. The loop SLEEPS on
    ///     CLOCK_MONOTONIC, so this must be that clock (`SystemMonotonicClock` or a
    ///     wrapper of it); anything else is refused, since deadlines computed on
    ///     one clock and slept on another are meaningless.
    ///   - body: moved into the loop: ticked once per period on the loop
    ///     thread, and told when the loop has ended (`LoopBody`).
    public init(
        periodNanoseconds: Int64 = 1_000_000,
        clock: any MonotonicClock & Sendable = SystemMonotonicClock(),
        request: RealtimeRequest = .standard,
        running body: sending any LoopBody
    ) throws(RealtimeLoopError) {
        guard Self.periodRangeNanoseconds.contains(periodNanoseconds) else {
            throw RealtimeLoopError(
                .invalidPeriod,
                "period \(periodNanoseconds) ns is outside 10 µs...1 s; 1 kHz (1_000_000 ns) is the usual control rate")
        }
        guard SystemMonotonicClock.isSystemMonotonic(clock) else {
            throw RealtimeLoopError(
                .clockNotSystemMonotonic,
                "the loop sleeps on CLOCK_MONOTONIC, but the clock it was given reads another time base; pass SystemMonotonicClock (virtual-time runs step the runtime directly instead of running this loop)")
        }
        self.periodNanoseconds = periodNanoseconds
        self.clock = clock
        self.request = request
        handoff = PIMutex(body)
        self.publishIntervalTicks = UInt64(max(1, 100_000_000 / periodNanoseconds))
    }

    /// A loop whose body is a closure that owns nothing of its own.
    /// - Parameter body: runs once per tick on the loop thread. It must not
    ///   allocate, lock across I/O or log, like the loop itself.
    public convenience init(
        periodNanoseconds: Int64 = 1_000_000,
        clock: any MonotonicClock & Sendable = SystemMonotonicClock(),
        request: RealtimeRequest = .standard,
        body: @escaping @Sendable (_ tick: TickContext) -> Void
    ) throws(RealtimeLoopError) {
        try self.init(periodNanoseconds: periodNanoseconds, clock: clock, request: request, running: ClosureLoopBody(body))
    }

    /// Starts the loop thread and returns what the kernel granted, once the thread
    /// has applied its policy. Log `privileges.warning` (if any) once. A loop runs
    /// once: starting it again, or after `stop()`, throws.
    @discardableResult
    public func start() throws(RealtimeLoopError) -> RealtimePrivileges {
        try lifecycle.withLock { state throws(RealtimeLoopError) -> RealtimePrivileges in
            guard case .notStarted = state else {
                throw RealtimeLoopError(
                    .alreadyStarted, "this loop was already started or stopped; create a new RealtimeLoop to run again")
            }
            let (thread, privileges) = try POSIXThread.spawn(name: "swivel-rt", request: request) { [self] in
                run()
            }
            state = .running(thread)
            published.withLock { $0.privileges = privileges }
            return privileges
        }
    }

    /// Asks the loop to stop and waits until its thread has ended (within about a
    /// period: the thread notices when it wakes), so no tick runs after this returns. Safe to call twice or from several threads. From inside
    /// the body it only asks: the current tick finishes and no other runs.
    public func stop() {
        stopRequested.store(true, ordering: .releasing)
        let thread: POSIXThread? = lifecycle.withLock { state in
            switch state {
            case .notStarted:
                state = .stopped
                return nil
            case .running(let thread):
                return thread
            case .stopped:
                return nil
            }
        }
        thread?.join()
    }

    /// The statistics as last published by the loop thread. Never blocks the loop:
    /// while this holds the lock the loop postpones publishing to a later tick.
    public func statistics() -> LoopStatistics {
        published.withLock { published in
            LoopStatistics(
                periodNanoseconds: periodNanoseconds,
                ticks: published.ticks,
                overruns: published.overruns,
                skippedDeadlines: published.skippedDeadlines,
                wakeLatency: published.wakeLatency.independentCopy(),
                tickCost: published.tickCost.independentCopy(),
                privileges: published.privileges)
        }
    }

    /// Asks the loop to clear its counters and histograms at its next tick (for
    /// benchmarks that discard a warm-up). Tick indices keep counting.
    public func resetStatistics() {
        resetRequested.store(true, ordering: .releasing)
    }

    // MARK: - The loop thread

    private func run() {
        guard let body = handoff.withLock({ $0.take() }) else { return }
        // Allocated here, before the first tick, and only ever mutated in place.
        var counters = LoopCounters()
        var wakeLatency = LatencyHistogram()
        var tickCost = LatencyHistogram()
        var publishPending = false
        let period = periodNanoseconds
        var index: UInt64 = 0
        var deadline = clock.now().nanoseconds + period

        while !stopRequested.load(ordering: .acquiring) {
            DeadlineSleep.until(nanoseconds: deadline)
            if stopRequested.load(ordering: .acquiring) { break }
            let wake = clock.now().nanoseconds

            if resetRequested.exchange(false, ordering: .acquiringAndReleasing) {
                counters = LoopCounters()
                wakeLatency.reset()
                tickCost.reset()
            }
            wakeLatency.record(nanoseconds: wake - deadline)
            body.tick(
                TickContext(
                    index: index,
                    deadline: MonotonicInstant(nanoseconds: deadline),
                    wake: MonotonicInstant(nanoseconds: wake),
                    periodNanoseconds: period))
            let end = clock.now().nanoseconds
            tickCost.record(nanoseconds: end - wake)
            counters.ticks += 1
            index += 1

            let next = deadline + period
            if end >= next {
                // Skip to the first deadline strictly after `end`.
                let periodsLate = (end - deadline) / period
                counters.overruns += 1
                counters.skippedDeadlines += UInt64(periodsLate)
                deadline += (periodsLate + 1) * period
            } else {
                deadline = next
            }

            if index % publishIntervalTicks == 0 { publishPending = true }
            if publishPending {
                let published: Void? = published.withLockIfAvailable { published in
                    published.update(counters: counters, wakeLatency: wakeLatency, tickCost: tickCost)
                }
                publishPending = published == nil
            }
        }
        // The loop is over: blocking here delays nobody.
        body.loopEnded(at: clock.now())
        published.withLock { published in
            published.update(counters: counters, wakeLatency: wakeLatency, tickCost: tickCost)
        }
    }
}

private enum Lifecycle: Sendable {
    case notStarted
    case running(POSIXThread)
    case stopped
}

private struct LoopCounters: Sendable {
    var ticks: UInt64 = 0
    var overruns: UInt64 = 0
    var skippedDeadlines: UInt64 = 0
}

/// What the loop thread shares with readers. Its histograms are only ever written
/// through `overwrite(with:)` and read through `independentCopy()`, so their
/// storage is never shared and publishing never allocates.
private struct PublishedStatistics: Sendable {
    var ticks: UInt64 = 0
    var overruns: UInt64 = 0
    var skippedDeadlines: UInt64 = 0
    var wakeLatency = LatencyHistogram()
    var tickCost = LatencyHistogram()
    var privileges: RealtimePrivileges?

    mutating func update(counters: LoopCounters, wakeLatency: LatencyHistogram, tickCost: LatencyHistogram) {
        ticks = counters.ticks
        overruns = counters.overruns
        skippedDeadlines = counters.skippedDeadlines
        self.wakeLatency.overwrite(with: wakeLatency)
        self.tickCost.overwrite(with: tickCost)
    }
}
