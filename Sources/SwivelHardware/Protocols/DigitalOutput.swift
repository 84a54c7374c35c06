/// One GPIO line driven by the runtime (a STEP, DIR or ENABLE pin).
///
/// `instant` is when the new level takes effect. A hardware executor calls
/// `set` at that instant (it has busy-waited for it) and the backend ignores the
/// argument; a virtual-time executor calls it ahead of time and a simulated line
/// takes effect at `instant`. Calls on one line come in non-decreasing `instant`.
public protocol DigitalOutput: AnyObject {
    func set(_ high: Bool, at instant: MonotonicInstant)
}
