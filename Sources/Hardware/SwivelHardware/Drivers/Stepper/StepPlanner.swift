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
