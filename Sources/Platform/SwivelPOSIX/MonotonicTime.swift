#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// CLOCK_MONOTONIC, the one system clock the firmware and its tools read: it
/// never steps (the wall clock does under NTP), `DeadlineSleep` sleeps on it,
/// and the kernel stamps GPIO edges with it.
public enum MonotonicTime {
    /// Read from the real-time tick: inlinable, no allocation, no lock.
    @inlinable
    public static func nanoseconds() -> Int64 {
        var now = timespec()
        // CLOCK_MONOTONIC with a valid pointer cannot fail (EINVAL/EFAULT only).
        _ = clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
    }

    /// For poll(2)-style timeouts.
    @inlinable
    public static func milliseconds() -> Int64 {
        nanoseconds() / 1_000_000
    }
}
