#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import Synchronization

/// Writes STEP/DIR edges on hardware at their instants from one dedicated
/// thread that spins on the clock. Userspace GPIO writes cannot be scheduled
/// by the kernel, so the only way to place a 2 µs pulse at a given instant is
/// to be awake at that instant.
///
/// One thread serves every channel (a spinning thread per axis would eat a
/// core each): it always writes the earliest pending edge across channels.
/// Plans arrive through one preallocated single-producer single-consumer queue
/// per channel; a full queue refuses the plan (counted in `rejectedPlans`) and
/// the driver plans the steps again next tick, so the loop thread never waits.
///
/// An edge is written at its planned instant or, after a late write, as soon
/// as the minimum times allow, measured from when the earlier edges really
/// went out (the clock read after each write returns): the pulse width high,
/// the pulse width low, the DIR setup time (`StepLineTiming`). Overdue edges
/// are therefore never written back to back.
///
/// The thread spins only for the last `spinWindowNanoseconds` before an edge
/// and sleeps before that and while idle: a thread that spins all the time at
/// SCHED_FIFO starves its core and the kernel's RT throttling then stops it
/// for 50 ms of every second. A wake-up later than the window only makes that
/// edge late; it is never early.
///
/// The STEP/DIR lines, and ENABLE when the channel has one, are handed to the
/// executor thread: while it runs, nothing else may write them (ENABLE
/// changes come in through `setEnabled`). Channels are added before `start()`.
public final class BusyWaitStepExecutor: StepExecutor {
    public let maximumStepsPerPlan: Int
    public let queueDepth: Int
    public let latenessToleranceNanoseconds: Int64
    private let core: BusyWaitCore
    private var thread: POSIXThread?

    /// - Parameters:
    ///   - spinWindowNanoseconds: how long before an edge the thread stops
    ///     sleeping and spins; 0 spins all the time. Must cover the kernel's
    ///     wake-up latency for the edge to be on time.
    ///   - latenessToleranceNanoseconds: how late a step may still start (see `StepExecutor`).
    public init(
        clock: any MonotonicClock & Sendable, maximumStepsPerPlan: Int = 256, queueDepth: Int = 8,
        spinWindowNanoseconds: Int64 = 200_000, latenessToleranceNanoseconds: Int64 = 500_000
    ) throws(HardwareError) {
        guard maximumStepsPerPlan > 0, queueDepth > 0 else {
            throw HardwareError(.invalidConfiguration, "busy-wait executor needs positive plan size and queue depth, got \(maximumStepsPerPlan) and \(queueDepth)")
        }
        guard spinWindowNanoseconds >= 0 else {
            throw HardwareError(.invalidConfiguration, "busy-wait executor needs a spin window ≥ 0 ns, got \(spinWindowNanoseconds)")
        }
        guard latenessToleranceNanoseconds >= 0 else {
            throw HardwareError(.invalidConfiguration, "busy-wait executor needs a lateness tolerance ≥ 0 ns, got \(latenessToleranceNanoseconds)")
        }
        self.maximumStepsPerPlan = maximumStepsPerPlan
        self.queueDepth = queueDepth
        self.latenessToleranceNanoseconds = latenessToleranceNanoseconds
        core = BusyWaitCore(clock: clock, spinWindowNanoseconds: spinWindowNanoseconds)
    }

    deinit { stop() }

    public func addChannel(
        step: any DigitalOutput, direction: any DigitalOutput, enable: (any DigitalOutput)?, enableActiveLow: Bool
    ) throws(HardwareError) -> Int {
        guard thread == nil else {
            throw HardwareError(.invalidConfiguration, "add STEP/DIR channels to the busy-wait executor before starting it")
        }
        core.queues.append(StepPlanQueue(
            step: step, direction: direction, enable: enable, enableActiveLow: enableActiveLow,
            depth: queueDepth, stepCapacity: maximumStepsPerPlan, latenessToleranceNanoseconds: latenessToleranceNanoseconds))
        return core.queues.count - 1
    }

    /// Queued, and written by the executor thread at `instant` in order with
    /// the steps. Once the executor has been stopped there is no thread to
    /// order with: the line is written at once.
    public func setEnabled(_ enabled: Bool, at instant: MonotonicInstant, channel: Int) -> Bool {
        guard channel >= 0, channel < core.queues.count else { return false }
        let queue = core.queues[channel]
        guard let line = queue.enable else { return true }
        if core.stopped.load(ordering: .acquiring) {
            line.set(enabled != queue.enableActiveLow, at: instant)
            return true
        }
        guard queue.pushEnable(enabled, at: instant.nanoseconds) else { return false }
        core.submissions.add(1, ordering: .releasing)
        return true
    }

    public func execute(_ plan: StepPlan, channel: Int) -> Bool {
        guard channel >= 0, channel < core.queues.count else {
            core.rejectedPlans.add(1, ordering: .relaxed)
            return false
        }
        if plan.isEmpty { return true }
        guard core.queues[channel].push(plan) else {
            core.rejectedPlans.add(1, ordering: .relaxed)
            return false
        }
        core.submissions.add(1, ordering: .releasing)
        return true
    }

    public func lateFault(channel: Int) -> StepLateFault? {
        guard channel >= 0, channel < core.queues.count else { return nil }
        return core.queues[channel].lateFault
    }

    public func droppedMicrosteps(channel: Int) -> Int64 {
        guard channel >= 0, channel < core.queues.count else { return 0 }
        return core.queues[channel].droppedMicrosteps
    }

    public func clearLateFault(channel: Int) {
        guard channel >= 0, channel < core.queues.count else { return }
        core.queues[channel].clearLateFault()
    }

    public func acceptedPlans(channel: Int) -> UInt64 {
        guard channel >= 0, channel < core.queues.count else { return 0 }
        return core.queues[channel].acceptedPlans
    }

    public func finishedPlans(channel: Int) -> UInt64 {
        guard channel >= 0, channel < core.queues.count else { return 0 }
        return core.queues[channel].finishedPlans
    }

    public var isRunning: Bool { thread != nil }

    /// - Parameter setup: runs first on the new thread, before any edge is
    ///   written: where the owner pins it to a core and sets its priority.
    public func start(configuringThread setup: (@Sendable () -> Void)? = nil) throws(HardwareError) {
        guard thread == nil else {
            throw HardwareError(.invalidConfiguration, "the busy-wait executor is already running")
        }
        core.threadSetup = setup
        core.stopRequested.store(false, ordering: .releasing)
        core.stopped.store(false, ordering: .releasing)
        let core = core
        thread = try POSIXThread.start("swivel-step") { core.run() }
    }

    /// Stops and joins the thread. Plans still queued are discarded (counted in
    /// `discardedPlans`): replaying stale instants later would fire them in a
    /// burst. ENABLE changes still queued are written at once, in order (a
    /// disable is never lost), and later ones are written directly. Call it
    /// once nothing else drives the executor (the loop has stopped).
    public func stop() {
        guard let thread else { return }
        core.stopRequested.store(true, ordering: .releasing)
        thread.join()
        self.thread = nil
        core.stopped.store(true, ordering: .releasing)
        var discarded = 0
        for queue in core.queues {
            discarded += queue.discardAll()
            _ = queue.flushEnables()
        }
        core.discardedPlans.add(UInt64(discarded), ordering: .relaxed)
    }

    /// Writes every queued edge due before `horizon` on the calling thread, in
    /// the order the executor thread would, calling `wait` with each edge's
    /// instant first: the caller moves its clock there, or past it to play a
    /// step thread that woke late. The same code as the thread, for tests in
    /// virtual time; only while the thread is not running.
    public func runQueued(until horizon: MonotonicInstant, wait: (MonotonicInstant) -> Void) throws(HardwareError) {
        guard thread == nil else {
            throw HardwareError(.invalidConfiguration, "runQueued writes the edges itself; stop the executor thread first")
        }
        while let next = core.earliestEdge(), next.edge.earliest < horizon.nanoseconds {
            // A plan dropped on a latched channel goes at once: nothing to wait for.
            if !next.edge.dropsPlan { wait(MonotonicInstant(nanoseconds: next.edge.earliest)) }
            core.write(next.edge, queue: next.queue)
        }
    }

    /// Plans refused because a queue was full or the channel unknown.
    public var rejectedPlans: UInt64 { core.rejectedPlans.load(ordering: .relaxed) }
    /// Plans fully written.
    public var executedPlans: UInt64 { core.executedPlans.load(ordering: .acquiring) }
    /// Plans, or the rest of plans, dropped because a step would have started
    /// past the tolerance or the channel's lateness fault was latched.
    public var droppedLatePlans: UInt64 { core.queues.reduce(0) { $0 + $1.droppedPlans.load(ordering: .relaxed) } }
    /// Plans dropped by `stop()` before they were written.
    public var discardedPlans: UInt64 { core.discardedPlans.load(ordering: .relaxed) }
    /// Plans queued and not yet fully written, across channels.
    public var pendingPlans: Int { core.queues.reduce(0) { $0 + $1.pendingPlans } }
    /// The worst delay between an edge's planned instant and its write, for telemetry.
    public var maximumLatenessNanoseconds: Int64 { core.maximumLateness.load(ordering: .relaxed) }
}

/// What the executor thread shares with its owner. The queue array is fixed
/// while the thread runs (channels are added only while stopped).
final class BusyWaitCore: @unchecked Sendable {
    let clock: any MonotonicClock & Sendable
    let spinWindowNanoseconds: Int64
    var queues: [StepPlanQueue] = []
    /// Set before the thread starts; read once by it.
    var threadSetup: (@Sendable () -> Void)?
    let stopRequested = Atomic<Bool>(false)
    /// Set once `stop()` has joined the thread: ENABLE changes go straight to the line.
    let stopped = Atomic<Bool>(false)
    let submissions = Atomic<UInt64>(0)
    let rejectedPlans = Atomic<UInt64>(0)
    let executedPlans = Atomic<UInt64>(0)
    let discardedPlans = Atomic<UInt64>(0)
    let maximumLateness = Atomic<Int64>(0)

    init(clock: any MonotonicClock & Sendable, spinWindowNanoseconds: Int64) {
        self.clock = clock
        self.spinWindowNanoseconds = spinWindowNanoseconds
    }

    func run() {
        threadSetup?()
        while !stopRequested.load(ordering: .acquiring) {
            let seenSubmissions = submissions.load(ordering: .acquiring)
            guard let next = earliestEdge() else {
                idle(nanoseconds: spinWindowNanoseconds)
                continue
            }
            let earliestInstant = next.edge.earliest
            // Far from the edge: sleep toward it, at most one window at a time
            // so a new plan is seen, then rescan.
            if let sleep = Self.sleepBeforeSpin(
                earliest: earliestInstant, now: clock.now().nanoseconds, spinWindow: spinWindowNanoseconds) {
                idle(nanoseconds: sleep)
                continue
            }
            // Spin to the instant, but rescan if a new plan arrives: it may
            // hold an earlier edge on another channel.
            var rescan = false
            while clock.now().nanoseconds < earliestInstant {
                if stopRequested.load(ordering: .relaxed) { return }
                if submissions.load(ordering: .acquiring) != seenSubmissions {
                    rescan = true
                    break
                }
            }
            if rescan { continue }
            write(next.edge, queue: next.queue)
        }
    }

    /// How long the thread may sleep before it must start spinning for an
    /// edge that may go out at `earliest`: at most one window, so a new plan
    /// is seen; nil when it must spin or write now. Saturating, because the
    /// edges of a plan dropped on a latched channel are due at once
    /// (`earliest` is `.min`): `earliest - window - now` trapped on them, so
    /// the plan after a too-late step killed the daemon instead of leaving the
    /// axis faulted (seen in the QEMU guest of `make check-hardware`).
    static func sleepBeforeSpin(earliest: Int64, now: Int64, spinWindow: Int64) -> Int64? {
        guard spinWindow > 0, earliest > now else { return nil }
        let (remaining, overflow) = earliest.subtractingReportingOverflow(now)
        let untilSpin = overflow ? Int64.max : remaining
        guard untilSpin > spinWindow else { return nil }
        return min(untilSpin - spinWindow, spinWindow)
    }

    /// The channel whose next edge is due first, and that edge; nil when nothing is queued.
    func earliestEdge() -> (queue: Int, edge: StepPlanQueue.PendingEdge)? {
        var earliest: (queue: Int, edge: StepPlanQueue.PendingEdge)?
        for index in queues.indices {
            if let edge = queues[index].nextEdge(), edge.earliest < earliest?.edge.earliest ?? .max {
                earliest = (index, edge)
            }
        }
        return earliest
    }

    /// Writes `edge` of `queue`, now due, and keeps the counts.
    func write(_ edge: StepPlanQueue.PendingEdge, queue: Int) {
        let lateness = clock.now().nanoseconds &- edge.planned
        let outcome = queues[queue].write(edge, clock: clock)
        if outcome == .finishedPlan {
            executedPlans.add(1, ordering: .releasing)
        }
        if outcome != .droppedPlan, lateness > maximumLateness.load(ordering: .relaxed) {
            maximumLateness.store(lateness, ordering: .relaxed)
        }
    }

    /// Sleeps (relative, so any real clock works); 0 only yields.
    private func idle(nanoseconds: Int64) {
        guard nanoseconds > 0 else {
            sched_yield()
            return
        }
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        _ = nanosleep(&request, nil)
    }
}
