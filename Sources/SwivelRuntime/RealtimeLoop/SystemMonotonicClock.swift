#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelHardware

extension SystemMonotonicClock {
    @inline(__always)
    static func readNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// True when `clock` reads CLOCK_MONOTONIC: its reading must fall between two
    /// readings of CLOCK_MONOTONIC taken around it, whatever preempts us between
    /// the three reads. A virtual clock or another system clock (CLOCK_MONOTONIC_RAW
    /// drifts from it under NTP) fails this unless it agrees to the nanosecond.
    static func isSystemMonotonic(_ clock: any MonotonicClock) -> Bool {
        let before = readNanoseconds()
        let reading = clock.now().nanoseconds
        let after = readNanoseconds()
        return before <= reading && reading <= after
    }
}
