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
