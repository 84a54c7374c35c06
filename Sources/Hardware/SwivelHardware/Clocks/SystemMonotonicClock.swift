public import SwivelPOSIX

/// The system's monotonic clock (`MonotonicTime`, CLOCK_MONOTONIC) as a
/// `MonotonicClock`: what `make run` and the hardware executors use. Same
/// integer-nanosecond instants as the kernel's GPIO edge timestamps, which
/// are CLOCK_MONOTONIC by default.
public final class SystemMonotonicClock: MonotonicClock, Sendable {
    public init() {}

    @inlinable
    public func now() -> MonotonicInstant {
        MonotonicInstant(nanoseconds: MonotonicTime.nanoseconds())
    }

    /// True when `clock` reads CLOCK_MONOTONIC: its reading must fall between two
    /// readings of CLOCK_MONOTONIC taken around it, whatever preempts us between
    /// the three reads. A virtual clock or another system clock (CLOCK_MONOTONIC_RAW
    /// drifts from it under NTP) fails this unless it agrees to the nanosecond.
    public static func isSystemMonotonic(_ clock: any MonotonicClock) -> Bool {
        let before = MonotonicTime.nanoseconds()
        let reading = clock.now().nanoseconds
        let after = MonotonicTime.nanoseconds()
        return before <= reading && reading <= after
    }
}
