public import SwivelBoard
public import SwivelCore
public import SwivelHardware
public import SwivelStand

/// A simulated stand run in virtual time: a manual clock stepped one period per
/// tick, so the whole runtime — drivers, encoders, physical model, controller —
/// runs as fast as the CPU allows and the same way every time. Tests and the
/// bench use it; the daemon runs the same `StandEngine` on the real-time loop instead.
public final class VirtualStand {
    /// A step thread played in virtual time: the hardware executor
    /// (`BusyWaitStepExecutor`) on lines that take effect when written, as the
    /// kernel's do. Between two ticks it writes the edges due before the next
    /// deadline one by one, the clock moved to each edge's instant plus
    /// `lateness(instant)` nanoseconds (0: a thread that is always on time).
    public struct StepThread {
        public var lateness: (MonotonicInstant) -> Int64

        public init(lateness: @escaping (MonotonicInstant) -> Int64 = { _ in 0 }) {
            self.lateness = lateness
        }
    }

    public let clock: ManualClock
    public let simulation: SimulatedHardware
    /// The handle, as the link and other threads hold it.
    public let stand: Stand
    /// The engine, stepped here on the test's thread as the loop thread would.
    public let engine: StandEngine
    /// The hardware executor, when the stand runs with a `StepThread`.
    public let stepExecutor: BusyWaitStepExecutor?
    private let stepThread: StepThread?
    /// The deadline of the next tick.
    public private(set) var deadline: MonotonicInstant

    /// - Parameters:
    ///   - initialAngles: where the simulated axes really are at start (see `SimulatedHardware`).
    ///   - stepThread: nil writes each tick's steps at once, stamped (the simulated backend).
    public init(
        board: Board, playDemo: Bool = false, initialAngles: [Axis: Double] = [:], stepThread: StepThread? = nil
    ) throws(StandSetupError) {
        // Any origin works; one second in keeps instants positive around it.
        deadline = MonotonicInstant(nanoseconds: 1_000_000_000)
        clock = ManualClock(startingAt: deadline)
        if stepThread != nil {
            do {
                stepExecutor = try BusyWaitStepExecutor(
                    clock: clock, maximumStepsPerPlan: StandHardware.stepPlanCapacity(board), queueDepth: 8,
                    latenessToleranceNanoseconds: board.stepLatenessToleranceNanoseconds)
            } catch {
                throw StandSetupError("step executor: \(error.reason)")
            }
        } else {
            stepExecutor = nil
        }
        self.stepThread = stepThread
        simulation = try SimulatedHardware(
            board: board, clock: clock, initialAngles: initialAngles, stepExecutor: stepExecutor)
        (stand, engine) = try Stand.make(board: board, hardware: simulation.hardware, playDemo: playDemo)
    }

    public func tick() {
        tick(wakingLateBy: 0)
    }

    /// Runs the next tick with the clock `nanoseconds` past its deadline, as
    /// a loop thread that woke late: the stand is still given the deadline,
    /// as `RealtimeLoop` gives it, but every line write and every reading
    /// happens at the late clock.
    public func tick(wakingLateBy nanoseconds: Int64) {
        clock.set(deadline.advanced(byNanoseconds: max(0, nanoseconds)))
        engine.tick(at: deadline)
        deadline = deadline.advanced(byNanoseconds: stand.periodNanoseconds)
        runStepThread(until: deadline)
    }

    /// Lets `count` deadlines pass without a tick, as `RealtimeLoop` does
    /// after an overrun: the next tick comes that many periods later.
    public func skipDeadlines(_ count: Int) {
        let (span, overflow) = stand.periodNanoseconds.multipliedReportingOverflow(by: Int64(clamping: max(0, count)))
        let next = deadline.advanced(byNanoseconds: overflow ? Int64.max / 4 : min(span, Int64.max / 4))
        runStepThread(until: next)
        deadline = next
    }

    /// The step thread's part of the time up to `horizon`.
    private func runStepThread(until horizon: MonotonicInstant) {
        guard let stepExecutor, let stepThread else { return }
        let clock = clock
        // Never throws: the executor's own thread is never started here.
        try? stepExecutor.runQueued(until: horizon) { instant in
            clock.set(instant.advanced(byNanoseconds: max(0, stepThread.lateness(instant))))
        }
    }

    public func run(seconds: Double) {
        let ticks = Int((seconds * 1e9 / Double(stand.periodNanoseconds)).rounded())
        for _ in 0..<ticks { tick() }
    }

    /// Ticks until `condition` holds on the published status; false after `timeoutSeconds`.
    @discardableResult
    public func run(until condition: (StandStatus) -> Bool, timeoutSeconds: Double) -> Bool {
        let ticks = Int((timeoutSeconds * 1e9 / Double(stand.periodNanoseconds)).rounded())
        for _ in 0..<ticks {
            tick()
            if condition(stand.status()) { return true }
        }
        return false
    }

    /// Posts `command`, runs the tick that applies it, and returns its reply.
    public func send(_ command: MotionCommand) throws(SwivelError) -> CommandReply {
        let ticket = try stand.mailbox.post(command)
        tick()
        guard let reply = stand.mailbox.takeReply(ticket) else {
            // The tick always answers what it drained; no reply means the lock was busy.
            throw SwivelError(.busy, .mailboxFull)
        }
        return try reply.get()
    }
}
