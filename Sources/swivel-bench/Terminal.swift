#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a line to standard error (the C `stderr` global is not concurrency-safe
/// to touch from Swift 6).
func printError(_ message: String) {
    let line = message + "\n"
    var bytes = Array(line.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
        if written > 0 {
            offset += written
        } else if written < 0 && errno == EINTR {
            continue
        } else {
            return
        }
    }
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
