/// A step/dir stepper driver (A4988, DRV8825, TMC2209 in step/dir mode).
///
/// Built from plain values so the runtime, tests and the bench assemble it
/// the same way. Each tick the loop calls `move` with where the axis must be
/// at the end of the tick; the driver plans the steps along the straight line
/// from the previous target and hands them to its executor.
///
/// The assembler should request the ENABLE line at its inactive level
/// (`initialHigh: enableActiveLow`): the driver starts out believing the motor
/// is disabled. The line is handed to the executor with STEP and DIR, so an
/// enable or disable takes effect at its instant in order with the steps
/// already queued (see `StepExecutor`).
public final class StepperDriver {
    public let planner: StepPlanner
    public let enableActiveLow: Bool
    private let executor: any StepExecutor
    private let channel: Int
    private let plan: StepPlan

    /// What the next plan starts from; advanced only when the executor accepts a plan.
    public private(set) var state: StepperState
    /// Where the last `move` asked the axis to be (the commanded path, not
    /// quantised and not held back by the rate limit).
    public private(set) var targetRadians: Double
    /// What was last asked of ENABLE (it takes effect at the instant asked).
    public private(set) var isEnabled = false
    /// An ENABLE change the executor could not queue yet (full): asked again
    /// before the next move.
    private var pendingEnable: (enabled: Bool, instant: MonotonicInstant)?

    /// Steps emitted later than their crossing instant because of the rate
    /// limit or the DIR setup time.
    public private(set) var rateLimitedSteps: UInt64 = 0
    /// Moves that ended with steps still owed.
    public private(set) var carryOvers: UInt64 = 0
    /// Steps owed after the last move (the backlog the next move starts with).
    public private(set) var backlogSteps = 0
    /// Moves whose plan hit its capacity (the excess was carried, not lost).
    public private(set) var planOverflows: UInt64 = 0
    /// Plans the executor refused (a full queue); their steps were planned again.
    public private(set) var rejectedPlans: UInt64 = 0
    /// The executor dropped steps it could not write in time (latched until
    /// `rebase`). Meanwhile moves only follow the target: nothing is queued.
    public private(set) var lateFault: StepLateFault?
    /// The executor's dropped-step count already taken off `state`.
    private var droppedAccounted: Int64 = 0

    public init(
        step: any DigitalOutput, direction: any DigitalOutput, enable: (any DigitalOutput)?,
        enableActiveLow: Bool, planner: StepPlanner, executor: any StepExecutor, initialRadians: Double = 0
    ) throws(HardwareError) {
        guard let microsteps = planner.microsteps(forRadians: initialRadians) else {
            throw HardwareError(.invalidConfiguration, "initial stepper angle \(initialRadians) rad cannot be counted in microsteps")
        }
        self.planner = planner
        self.enableActiveLow = enableActiveLow
        self.executor = executor
        channel = try executor.addChannel(step: step, direction: direction, enable: enable, enableActiveLow: enableActiveLow)
        plan = StepPlan(capacity: executor.maximumStepsPerPlan)
        state = StepperState(microsteps: microsteps)
        targetRadians = initialRadians
    }

    /// Energises the coils (ENABLE to its active level) at `instant`.
    public func enable(at instant: MonotonicInstant) {
        setEnabled(true, at: instant)
    }

    /// Releases the coils at `instant`: from then on the axis no longer holds
    /// and can be moved by hand.
    public func disable(at instant: MonotonicInstant) {
        setEnabled(false, at: instant)
    }

    private func setEnabled(_ enabled: Bool, at instant: MonotonicInstant) {
        isEnabled = enabled
        // A change still waiting goes first, so the line sees them in order;
        // if it still cannot be queued, this newer one takes its place (the
        // line ends up as last asked, no earlier than either instant).
        if let pending = pendingEnable, !executor.setEnabled(pending.enabled, at: pending.instant, channel: channel) {
            pendingEnable = (enabled, max(instant, pending.instant))
            return
        }
        pendingEnable = executor.setEnabled(enabled, at: instant, channel: channel) ? nil : (enabled, instant)
    }

    /// Moves linearly from the previous target at `start` to `radians` at `end`.
    /// Real-time path: plans into the preallocated plan and executes it.
    /// Steps that do not fit are carried to the next move. On a bad input
    /// nothing changes.
    /// While the executor's lateness fault is latched the motor gets no
    /// steps: the target is followed (and checked) but nothing is queued.
    public func move(toRadians radians: Double, from start: MonotonicInstant, until end: MonotonicInstant) throws(MotionInputError) {
        if let pending = pendingEnable, executor.setEnabled(pending.enabled, at: pending.instant, channel: channel) {
            pendingEnable = nil
        }
        followExecutor()
        let segment = StepSegment(start: start, end: end, startRadians: targetRadians, endRadians: radians)
        try planner.plan(segment, from: state, into: plan)
        targetRadians = radians
        guard lateFault == nil else {
            backlogSteps = Self.distance(planner.microsteps(forRadians: radians) ?? state.microsteps, state.microsteps)
            return
        }
        if plan.overflowedSteps > 0 { planOverflows &+= 1 }
        guard plan.isEmpty || executor.execute(plan, channel: channel) else {
            rejectedPlans &+= 1
            backlogSteps = Self.distance(planner.microsteps(forRadians: radians) ?? state.microsteps, state.microsteps)
            return
        }
        state = plan.endState
        rateLimitedSteps &+= UInt64(plan.delayedSteps)
        backlogSteps = plan.carriedSteps
        if plan.carriedSteps > 0 { carryOvers &+= 1 }
        followExecutor()
    }

    /// Takes the steps the executor dropped off the count (so it says what the
    /// motor was given) and picks up its lateness fault.
    private func followExecutor() {
        if lateFault == nil { lateFault = executor.lateFault(channel: channel) }
        let dropped = executor.droppedMicrosteps(channel: channel)
        guard dropped != droppedAccounted else { return }
        state.microsteps &-= dropped &- droppedAccounted
        droppedAccounted = dropped
    }

    /// Declares the axis to be at `radians` without stepping (homing, or
    /// adopting the encoder's reading after the motor was disabled). Ends a
    /// lateness fault: steps are queued again from here, DIR written afresh
    /// (a dropped plan may have left it either way).
    public func rebase(toRadians radians: Double) throws(MotionInputError) {
        guard radians.isFinite else { throw .nonFiniteRadians }
        guard let microsteps = planner.microsteps(forRadians: radians) else { throw .positionOutOfRange }
        if lateFault != nil || executor.lateFault(channel: channel) != nil {
            executor.clearLateFault(channel: channel)
            lateFault = nil
            state.direction = nil
        }
        droppedAccounted = executor.droppedMicrosteps(channel: channel)
        state.microsteps = microsteps
        targetRadians = radians
        backlogSteps = 0
    }

    /// The angle the motor's field is at: the emitted microsteps.
    public var commandedRadians: Double { Double(state.microsteps) / planner.microstepsPerRadian }

    /// The plan of the last move, for tests and telemetry. Refilled by the next move.
    public var lastPlan: StepPlan { plan }

    private static func distance(_ a: Int64, _ b: Int64) -> Int {
        Int(clamping: a > b ? a - b : b - a)
    }
}

extension StepperDriver: Actuator {
    public func enable(at instant: MonotonicInstant, holding positionRadians: Double) throws(MotionInputError) {
        enable(at: instant)
    }

    public func command(positionRadians: Double, from start: MonotonicInstant, until end: MonotonicInstant) throws(MotionInputError) {
        try move(toRadians: positionRadians, from: start, until: end)
    }

    public func adopt(positionRadians: Double) throws(MotionInputError) {
        try rebase(toRadians: positionRadians)
    }

    public var builtInEncoder: (any PositionEncoder)? { nil }

    public var counters: ActuatorCounters { ActuatorCounters(rateLimitedSteps: rateLimitedSteps) }

    public var fault: MotorProblem? { lateFault?.problem ?? executor.lateFault(channel: channel)?.problem }

    public var outputMark: UInt64? {
        backlogSteps == 0 ? executor.acceptedPlans(channel: channel) : nil
    }

    public func hasWrittenOutput(through mark: UInt64) -> Bool {
        executor.finishedPlans(channel: channel) >= mark
    }
}
