/// The output of one `StepPlanner.plan` call, in storage reserved once: a
/// driver keeps one plan and refills it every tick, so planning never allocates.
public final class StepPlan {
    /// The most rising edges one plan holds; more are carried to the next segment.
    public let capacity: Int
    private let storage: UnsafeMutablePointer<MonotonicInstant>

    public internal(set) var stepCount = 0
    /// The direction of every step in this plan (one segment moves one way).
    public internal(set) var direction: StepDirection = .positive
    /// The DIR line level for `direction`, after `invertDirection`.
    public internal(set) var directionLevel = false
    /// When to write `directionLevel` to DIR, if it changes in this plan.
    public internal(set) var directionChange: MonotonicInstant?
    public internal(set) var pulseWidthNanoseconds: Int64 = 0
    /// How long DIR must settle before the next rising edge (the planner's).
    public internal(set) var directionSetupNanoseconds: Int64 = 0
    /// Steps emitted later than their crossing instant (or the segment start,
    /// whichever is later) because of the rate limit or the DIR setup time.
    public internal(set) var delayedSteps = 0
    /// Steps still owed at the segment end (rate limit, setup time or a full
    /// plan); the next plan emits them first. Not dropped.
    public internal(set) var carriedSteps = 0
    /// Steps that fitted in time but not in `capacity` (included in `carriedSteps`).
    public internal(set) var overflowedSteps = 0
    /// The state to plan the next segment from once this plan is executed.
    public internal(set) var endState = StepperState(microsteps: 0)

    /// `capacity` below one is raised to one, so a plan always makes progress.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        storage = .allocate(capacity: self.capacity)
        storage.initialize(repeating: .zero, count: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Rising-edge instants, in order. Valid until the plan is refilled.
    public var risingEdges: UnsafeBufferPointer<MonotonicInstant> {
        UnsafeBufferPointer(start: storage, count: stepCount)
    }

    /// Whether executing the plan writes anything.
    public var isEmpty: Bool { stepCount == 0 && directionChange == nil }

    func reset(from state: StepperState, pulseWidthNanoseconds: Int64, directionSetupNanoseconds: Int64) {
        stepCount = 0
        direction = state.direction ?? .positive
        directionChange = nil
        self.pulseWidthNanoseconds = pulseWidthNanoseconds
        self.directionSetupNanoseconds = directionSetupNanoseconds
        delayedSteps = 0
        carriedSteps = 0
        overflowedSteps = 0
        endState = state
    }

    func append(_ instant: MonotonicInstant) -> Bool {
        guard stepCount < capacity else { return false }
        storage[stepCount] = instant
        stepCount += 1
        return true
    }
}
