/// One accepted write to a mock PWM channel.
public struct PWMWrite: Equatable, Sendable {
    public enum Change: Equatable, Sendable {
        case periodNanoseconds(Int64)
        case dutyCycleNanoseconds(Int64)
        case enabled(Bool)
    }

    public var chip: Int
    public var channel: Int
    public var change: Change
    /// When the change takes effect (`configure` has no instant: the clock's reading then).
    public var instant: MonotonicInstant

    public init(chip: Int, channel: Int, change: Change, instant: MonotonicInstant) {
        self.chip = chip
        self.channel = channel
        self.change = change
        self.instant = instant
    }
}

/// What a mock PWM channel currently outputs.
public struct PWMChannelState: Equatable, Sendable {
    public var periodNanoseconds: Int64 = 0
    public var dutyCycleNanoseconds: Int64 = 0
    public var enabled = false

    public init(periodNanoseconds: Int64 = 0, dutyCycleNanoseconds: Int64 = 0, enabled: Bool = false) {
        self.periodNanoseconds = periodNanoseconds
        self.dutyCycleNanoseconds = dutyCycleNanoseconds
        self.enabled = enabled
    }
}
