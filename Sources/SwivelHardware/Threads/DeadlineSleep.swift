#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sleeps on CLOCK_MONOTONIC (the clock `SystemMonotonicClock` reads) until
/// an absolute instant, so a periodic loop does not drift by the time each
/// pass takes, and an interrupted sleep resumes toward the same deadline.
enum DeadlineSleep {
    static func until(_ deadline: MonotonicInstant) {
        let seconds = deadline.nanoseconds / 1_000_000_000
        let nanoseconds = deadline.nanoseconds % 1_000_000_000
#if canImport(Glibc)
        var target = timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
#else
        // Darwin has no clock_nanosleep: sleep the remaining time relative to now.
        var now = timespec()
        _ = clock_gettime(CLOCK_MONOTONIC, &now)
        let remaining = deadline.nanoseconds - (Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))
        guard remaining > 0 else { return }
        var interval = timespec(tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000))
        _ = nanosleep(&interval, nil)
#endif
    }
}
