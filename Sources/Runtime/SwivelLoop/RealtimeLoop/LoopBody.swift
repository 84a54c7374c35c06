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
