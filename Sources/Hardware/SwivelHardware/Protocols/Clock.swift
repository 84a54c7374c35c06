/// The time source of the runtime. The real-time loop, the drivers and the
/// simulated stand all read time from one of these, never from the system
/// directly, so a test can run the whole runtime in virtual time.
public protocol MonotonicClock: AnyObject {
    func now() -> MonotonicInstant
}
