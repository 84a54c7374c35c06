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
