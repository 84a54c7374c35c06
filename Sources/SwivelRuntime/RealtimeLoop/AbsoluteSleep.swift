#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sleeps until CLOCK_MONOTONIC reaches `deadlineNanoseconds`. An absolute
/// deadline, unlike a relative sleep, does not drift by the time spent computing
/// it, and a signal (EINTR) just means sleeping again to the same deadline.
@inline(__always)
func sleepUntil(monotonicNanoseconds deadlineNanoseconds: Int64) {
    #if os(Linux)
    var deadline = timespec(
        tv_sec: Int(deadlineNanoseconds / 1_000_000_000),
        tv_nsec: Int(deadlineNanoseconds % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
    #else
    // Darwin has no clock_nanosleep: best effort with a relative sleep.
    while true {
        let remaining = deadlineNanoseconds - SystemMonotonicClock.readNanoseconds()
        guard remaining > 0 else { return }
        var interval = timespec(
            tv_sec: Int(remaining / 1_000_000_000),
            tv_nsec: Int(remaining % 1_000_000_000))
        _ = nanosleep(&interval, nil)
    }
    #endif
}
