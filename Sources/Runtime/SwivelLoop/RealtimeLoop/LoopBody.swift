public import SwivelHardware

/// What a `RealtimeLoop` runs. Moved into the loop (`sending`), it is the loop
/// thread's alone from then on: nothing else can call `tick`, so a body need
/// not be Sendable (`StandEngine` is not).
public protocol LoopBody: AnyObject {
    /// Once per tick, on the loop thread. Must not allocate, lock across I/O or log.
    func tick(_ context: TickContext)
    /// Once, on the loop thread, after its last tick (`stop()`): nothing
    /// ticks the body after this.
    func loopEnded(at instant: MonotonicInstant)
}

/// A closure as a loop body, for loops that own nothing (tests, the bench).
final class ClosureLoopBody: LoopBody {
    private let body: @Sendable (TickContext) -> Void

    init(_ body: @escaping @Sendable (TickContext) -> Void) { self.body = body }

    func tick(_ context: TickContext) { body(context) }

    func loopEnded(at instant: MonotonicInstant) {}
}

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
