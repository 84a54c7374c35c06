#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import Synchronization

/// SIGINT and SIGTERM, taken synchronously: blocked in every thread (the
/// real-time thread inherits the mask, so no handler ever interrupts a tick),
/// then collected by one thread of their own that waits in `sigwait` and
/// counts each one as it arrives. The main thread polls the count.
///
/// Why a thread: a blocked signal stays pending until someone takes it, and
/// the kernel keeps one pending signal of each kind, so two SIGTERMs 20 ms
/// apart that both arrived before the main thread's next poll (every 100 ms)
/// were merged into one, and the "second signal: disable at once" path never
/// ran. The collecting thread takes each within microseconds of its arrival.
struct SignalWatcher {
    private let collector: SignalCollector?
    private var set = sigset_t()
    private var handled = 0

    /// Call before starting any thread.
    init() {
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        collector = SignalCollector.start(waitingFor: set)
    }

    /// The name of the oldest termination signal not yet returned, or nil.
    mutating func poll() -> String? {
        guard let collector else { return pollPending() }
        guard let name = collector.name(at: handled) else { return nil }
        handled += 1
        return name
    }

    /// Without the collecting thread (it could not be started): the pending
    /// set, as before, which merges signals that arrive between two polls.
    private mutating func pollPending() -> String? {
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

/// The thread that takes every SIGINT and SIGTERM, and what it took. Only the
/// first few are remembered by kind: after the second, any further signal
/// changes nothing the daemon does.
final class SignalCollector: Sendable {
    private static let remembered = 4
    /// How many signals arrived (never decreases).
    private let count = Atomic<Int>(0)
    /// Bit i set: the i-th signal was SIGINT (else SIGTERM).
    private let interrupts = Atomic<Int>(0)
    private let set: sigset_t

    private init(set: sigset_t) { self.set = set }

    static func start(waitingFor set: sigset_t) -> SignalCollector? {
        let collector = SignalCollector(set: set)
        // Lives as long as the process, and the collector with it.
        guard (try? POSIXThread.detach(name: "swiveld-signals") { collector.run() }) != nil else { return nil }
        return collector
    }

    private func run() {
        var waited = set
        while true {
            var signal: Int32 = 0
            guard sigwait(&waited, &signal) == 0 else { continue }
            let index = count.load(ordering: .relaxed)
            if signal == SIGINT, index < Self.remembered {
                interrupts.bitwiseOr(1 << index, ordering: .relaxed)
            }
            // Releasing: whoever sees the new count sees its kind too.
            count.add(1, ordering: .releasing)
        }
    }

    /// The name of the `index`-th signal (from 0), or nil before it arrived.
    func name(at index: Int) -> String? {
        guard index < count.load(ordering: .acquiring) else { return nil }
        guard index < Self.remembered else { return "SIGTERM or SIGINT" }
        return interrupts.load(ordering: .relaxed) & (1 << index) != 0 ? "SIGINT" : "SIGTERM"
    }
}
