/// Turns a linear piece of commanded motion into STEP rising-edge instants,
/// Klipper style: planning is pure arithmetic, done once per tick; an executor
/// (instant, or busy-waiting on hardware) turns the plan into line writes.
///
/// Quantisation is round-to-nearest: the microstep count at any instant is the
/// commanded position rounded to the nearest microstep (halves round up), so
/// the step from `m` to `m + 1` happens exactly when the commanded position
/// crosses `m + ½` (and from `m` to `m − 1` when it falls below `m − ½`),
/// rounded to the nanosecond. The constraints then only ever delay a step:
/// - rising edges at least `1 / maxStepRateHz` apart (also across plans);
/// - DIR changes no earlier than the previous pulse's falling edge, and the
///   next rising edge comes at least `directionSetupNanoseconds` after it;
/// - a step that no longer fits before the segment end is carried to the next
///   segment (`StepPlan.carriedSteps`), never dropped.
public struct StepPlanner: Equatable, Sendable {
    public let microstepsPerRadian: Double
    public let maxStepRateHz: Double
    public let minPulseWidthNanoseconds: Int64
    public let directionSetupNanoseconds: Int64
    public let invertDirection: Bool
    /// `1 / maxStepRateHz`, rounded up to the nanosecond so spacing never falls below it.
    public let minimumStepIntervalNanoseconds: Int64

    /// The largest |position| in microsteps that a Double still counts exactly.
    static let positionLimit = 4_503_599_627_370_496.0  // 2^52
    /// Segment instants stay within ±2⁶² ns (146 years) so sums never overflow.
    static let instantLimit: Int64 = 1 << 62

    public init(
        microstepsPerRadian: Double, maxStepRateHz: Double, minPulseWidthNanoseconds: Int64,
        directionSetupNanoseconds: Int64, invertDirection: Bool
    ) throws(HardwareError) {
        guard microstepsPerRadian.isFinite, microstepsPerRadian > 0 else {
            throw HardwareError(.invalidConfiguration, "microsteps per radian must be positive and finite, got \(microstepsPerRadian)")
        }
        guard maxStepRateHz.isFinite, maxStepRateHz >= 1, maxStepRateHz <= 1e8 else {
            throw HardwareError(.invalidConfiguration, "max step rate must be between 1 Hz and 100 MHz, got \(maxStepRateHz) Hz")
        }
        guard minPulseWidthNanoseconds > 0 else {
            throw HardwareError(.invalidConfiguration, "STEP pulse width must be positive, got \(minPulseWidthNanoseconds) ns")
        }
        guard directionSetupNanoseconds >= 0 else {
            throw HardwareError(.invalidConfiguration, "DIR setup time cannot be negative, got \(directionSetupNanoseconds) ns")
        }
        let interval = Int64((1e9 / maxStepRateHz).rounded(.up))
        // The pulse must be high for its width and low for at least as long
        // before the next rising edge, or the driver misses steps.
        guard interval >= 2 * minPulseWidthNanoseconds else {
            throw HardwareError(.invalidConfiguration, "a \(maxStepRateHz) Hz step rate leaves \(interval) ns per step, less than twice the \(minPulseWidthNanoseconds) ns pulse width")
        }
        self.microstepsPerRadian = microstepsPerRadian
        self.maxStepRateHz = maxStepRateHz
        self.minPulseWidthNanoseconds = minPulseWidthNanoseconds
        self.directionSetupNanoseconds = directionSetupNanoseconds
        self.invertDirection = invertDirection
        self.minimumStepIntervalNanoseconds = interval
    }

    /// The DIR line level that makes the counter move in `direction`.
    public func directionLevel(for direction: StepDirection) -> Bool {
        (direction == .positive) != invertDirection
    }

    /// The microstep count a commanded angle rounds to, or nil if it is not finite or too large.
    public func microsteps(forRadians radians: Double) -> Int64? {
        let position = radians * microstepsPerRadian
        guard position.isFinite, abs(position) <= Self.positionLimit else { return nil }
        return Int64((position + 0.5).rounded(.down))
    }

    /// Plans `segment` starting from `state` into `plan` (its previous content
    /// is replaced; `plan.endState` is the state after executing it).
    /// Real-time path: no allocation, bounded by `plan.capacity`.
    public func plan(_ segment: StepSegment, from state: StepperState, into plan: StepPlan) throws(MotionInputError) {
        guard segment.end >= segment.start else { throw .segmentEndsBeforeStart }
        guard abs(segment.start.nanoseconds) <= Self.instantLimit, abs(segment.end.nanoseconds) <= Self.instantLimit
        else { throw .instantOutOfRange }
        let startPosition = segment.startRadians * microstepsPerRadian
        let endPosition = segment.endRadians * microstepsPerRadian
        guard startPosition.isFinite, endPosition.isFinite else { throw .nonFiniteRadians }
        guard abs(startPosition) <= Self.positionLimit, abs(endPosition) <= Self.positionLimit,
              abs(Double(state.microsteps)) <= Self.positionLimit
        else { throw .positionOutOfRange }

        plan.reset(from: state, pulseWidthNanoseconds: minPulseWidthNanoseconds, directionSetupNanoseconds: directionSetupNanoseconds)
        plan.directionLevel = directionLevel(for: plan.direction)
        let target = Int64((endPosition + 0.5).rounded(.down))
        var position = state.microsteps
        guard target != position else { return }

        let direction: StepDirection = target > position ? .positive : .negative
        let start = segment.start.nanoseconds
        let end = segment.end.nanoseconds
        var endState = state
        plan.direction = direction
        plan.directionLevel = directionLevel(for: direction)

        // Earliest next rising edge: one interval after the previous one, and
        // the setup time after the last DIR change.
        var earliest = max(
            state.previousPulseEnd.nanoseconds &- minPulseWidthNanoseconds &+ minimumStepIntervalNanoseconds,
            state.lastDirectionChange.nanoseconds &+ directionSetupNanoseconds)

        if state.direction != direction {
            let change = max(start, state.previousPulseEnd.nanoseconds)
            guard change <= end else {
                plan.carriedSteps = Self.distance(target, position)
                return
            }
            plan.directionChange = MonotonicInstant(nanoseconds: change)
            endState.direction = direction
            endState.lastDirectionChange = MonotonicInstant(nanoseconds: change)
            earliest = max(earliest, change &+ directionSetupNanoseconds)
        }

        let duration = Double(end - start)
        let travel = endPosition - startPosition
        while position != target {
            let ideal = crossingInstant(
                leaving: position, direction: direction, startPosition: startPosition, travel: travel,
                start: start, end: end, duration: duration)
            let instant = max(ideal, earliest)
            if instant > end { break }
            guard plan.append(MonotonicInstant(nanoseconds: instant)) else {
                plan.overflowedSteps = Self.distance(target, position)
                break
            }
            if instant > ideal { plan.delayedSteps += 1 }
            position += direction.increment
            earliest = instant &+ minimumStepIntervalNanoseconds
            endState.previousPulseEnd = MonotonicInstant(nanoseconds: instant &+ minPulseWidthNanoseconds)
        }
        plan.carriedSteps = Self.distance(target, position)
        endState.microsteps = position
        plan.endState = endState
    }

    /// When the commanded position crosses the midpoint that moves the count
    /// off `position`; the segment start if it is already past it (a carried
    /// step or a jump).
    private func crossingInstant(
        leaving position: Int64, direction: StepDirection, startPosition: Double, travel: Double,
        start: Int64, end: Int64, duration: Double
    ) -> Int64 {
        let threshold = Double(position) + (direction == .positive ? 0.5 : -0.5)
        let alreadyPast = direction == .positive ? startPosition >= threshold : startPosition < threshold
        if alreadyPast || travel == 0 { return start }
        // The target is past the threshold, so travel has the step's sign and
        // the fraction lies in (0, 1].
        let offset = (duration * (threshold - startPosition) / travel).rounded()
        return min(end, start + Int64(offset))
    }

    private static func distance(_ a: Int64, _ b: Int64) -> Int {
        Int(clamping: a > b ? a - b : b - a)
    }
}

/// Which way the microstep counter moves.
public enum StepDirection: Equatable, Sendable {
    case positive
    case negative

    var increment: Int64 { self == .positive ? 1 : -1 }
}

/// Where a stepper's planning left off: what the next plan starts from.
public struct StepperState: Equatable, Sendable {
    /// Steps emitted so far, signed.
    public var microsteps: Int64
    /// The direction DIR was last set to; nil until the first DIR write, so
    /// the first plan always writes DIR (the line's power-on level is unknown).
    public var direction: StepDirection?
    /// When the last STEP pulse ended (its falling edge).
    public var previousPulseEnd: MonotonicInstant
    /// When DIR last changed; the next step must wait the setup time after it.
    public var lastDirectionChange: MonotonicInstant

    /// Far enough back that no constraint applies, and far from overflow.
    public static let longAgo = MonotonicInstant(nanoseconds: Int64.min / 4)

    public init(
        microsteps: Int64, direction: StepDirection? = nil,
        previousPulseEnd: MonotonicInstant = StepperState.longAgo,
        lastDirectionChange: MonotonicInstant = StepperState.longAgo
    ) {
        self.microsteps = microsteps
        self.direction = direction
        self.previousPulseEnd = previousPulseEnd
        self.lastDirectionChange = lastDirectionChange
    }
}

/// A piece of commanded motion: the axis angle moves linearly in time from
/// `startRadians` at `start` to `endRadians` at `end`.
public struct StepSegment: Equatable, Sendable {
    public var start: MonotonicInstant
    public var end: MonotonicInstant
    public var startRadians: Double
    public var endRadians: Double

    public init(start: MonotonicInstant, end: MonotonicInstant, startRadians: Double, endRadians: Double) {
        self.start = start
        self.end = end
        self.startRadians = startRadians
        self.endRadians = endRadians
    }
}

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
