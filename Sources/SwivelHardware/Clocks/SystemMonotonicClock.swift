#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's monotonic clock (CLOCK_MONOTONIC): what `make run` and the
/// hardware executors use. Same integer-nanosecond instants as the kernel's
/// GPIO edge timestamps, which are CLOCK_MONOTONIC by default.
public final class SystemMonotonicClock: MonotonicClock, Sendable {
    public init() {}

    public func now() -> MonotonicInstant {
        var spec = timespec()
        // CLOCK_MONOTONIC with a valid pointer cannot fail (EINVAL/EFAULT only).
        _ = clock_gettime(CLOCK_MONOTONIC, &spec)
        return MonotonicInstant(nanoseconds: Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec))
    }
}
