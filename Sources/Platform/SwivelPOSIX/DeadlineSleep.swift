#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// Sleeps until `MonotonicTime` reaches an absolute deadline. Unlike a
/// relative sleep, a periodic loop then does not drift by the time each pass
/// takes, and a signal (EINTR) just means sleeping again to the same instant.
public enum DeadlineSleep {
    /// Called from the real-time tick: inlinable, no allocation, no lock.
    @inlinable
    public static func until(nanoseconds deadline: Int64) {
        #if os(Linux)
        var target = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
        #else
        // Darwin has no clock_nanosleep: best effort with relative sleeps.
        while true {
            let remaining = deadline - MonotonicTime.nanoseconds()
            guard remaining > 0 else { return }
            var interval = timespec(tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000))
            _ = nanosleep(&interval, nil)
        }
        #endif
    }
}
