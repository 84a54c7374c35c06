public import SwivelHardware

/// What the loop tells its body about the current tick.
public struct TickContext: Sendable, Equatable {
    /// 0, 1, 2, … for the ticks that ran: consecutive even when deadlines were
    /// skipped after an overrun (the deadline shows the skip).
    public var index: UInt64
    /// When this tick was due. Always a whole number of periods after the first
    /// deadline, so control math can use `deadline` as its time base.
    public var deadline: MonotonicInstant
    /// When the thread actually woke; `wake - deadline` is the wake latency.
    public var wake: MonotonicInstant
    public var periodNanoseconds: Int64

    public init(index: UInt64, deadline: MonotonicInstant, wake: MonotonicInstant, periodNanoseconds: Int64) {
        self.index = index
        self.deadline = deadline
        self.wake = wake
        self.periodNanoseconds = periodNanoseconds
    }
}
