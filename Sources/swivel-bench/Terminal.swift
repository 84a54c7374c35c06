#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// Writes a line to standard error.
func printError(_ message: String) {
    StandardError.write(message + "\n")
}

/// Sleeps the calling thread for `seconds`, resuming after signals.
func sleep(seconds: Double) {
    let nanoseconds = Int64(seconds * 1e9)
    var remaining = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    var left = timespec()
    while nanosleep(&remaining, &left) == -1 && errno == EINTR {
        remaining = left
    }
}
