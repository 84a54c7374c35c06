/// One GPIO line driven by the runtime (a STEP, DIR or ENABLE pin).
///
/// `instant` is when the new level is meant to take effect. A hardware
/// executor calls `set` at that instant or later (it busy-waits for it, and
/// holds an edge back when a minimum time since an earlier write requires it)
/// and real lines ignore the argument; a virtual-time executor calls it ahead
/// of time and a simulated line takes effect at `instant`. Calls on one line
/// come in non-decreasing `instant`.
public protocol DigitalOutput: AnyObject {
    func set(_ high: Bool, at instant: MonotonicInstant)
}
