#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM, taken synchronously: blocked in every thread (the
/// real-time thread inherits the mask, so no handler ever interrupts a tick),
/// then polled by the main thread. No async-signal-safety puzzles.
struct SignalWatcher {
    private var set = sigset_t()

    /// Call before starting any thread.
    init() {
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// The pending termination signal's name, consuming it, or nil.
    mutating func poll() -> String? {
        var pending = sigset_t()
        sigpending(&pending)
        for (signal, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] where sigismember(&pending, signal) == 1 {
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, signal)
            var taken: Int32 = 0
            sigwait(&only, &taken)
            return name
        }
        return nil
    }
}

func sleep(milliseconds: Int) {
    var request = timespec(tv_sec: milliseconds / 1_000, tv_nsec: (milliseconds % 1_000) * 1_000_000)
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
}

func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

// fflush(nil) flushes every stream; naming `stdout` is a data race in Swift 6.
func flushStandardOutput() { fflush(nil) }
