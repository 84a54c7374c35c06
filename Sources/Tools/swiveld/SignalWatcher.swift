#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore
import SwivelPOSIX
import SwivelRuntime
import SwivelSync
import Synchronization

/// Every signal that would end the daemon, taken by one thread of its own
/// (`swiveld-signals`), which acts on it at once: it requests the halt
/// itself, so the stand starts decelerating at the loop's next tick whatever
/// the main thread is doing. The same thread ends `--duration` at its
/// deadline.
///
/// The signals are blocked in every thread (the real-time thread inherits
/// the mask, so no handler ever interrupts a tick) and collected with
/// `sigtimedwait`. Why not the main thread, as before: it looked every 100 ms,
/// between status-line writes, so a terminal nobody read held SIGTERM up for
/// as long as it stayed stalled, and even on a live terminal the halt came
/// 25-95 ms late while a host's velocity commands were still obeyed. Why
/// count them: the kernel keeps one pending signal of each kind, and a second
/// SIGTERM is the "disable the drivers now" request.
///
/// Which signals: every one whose default action ends the process and that
/// is not the process's own fault: SIGINT, SIGTERM, SIGHUP (the terminal
/// that ran `make run` closed), SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
/// SIGIO, SIGPWR, SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGPIPE, SIGABRT and the
/// real-time signals. The faults (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP,
/// SIGSYS) are left to the kernel: it delivers a real one even when blocked,
/// with Swift's crash report lost on the way, and a process that faulted
/// cannot be trusted to decelerate anything. SIGPROF too: Swift's crash
/// reporter sends it to pause every thread, and blocked it could pause none. SIGPIPE and SIGXFSZ
/// caused by the daemon's own writes are directed at the writing thread,
/// which keeps them blocked: the write fails instead. A blocked signal is
/// queued even when the parent left it ignored (`nohup`, a background job
/// of a script ignores SIGINT): each of them still stops the stand.
final class SignalWatcher: Sendable {
    enum Event: Equatable, Sendable {
        case signal(Int32)
        case durationElapsed(seconds: Double)
    }

    /// What is in the state at start-up: a signal before `beginStartingHardware`
    /// ends the process at once (nothing has been touched that needs undoing,
    /// and the main thread may be stuck opening a file).
    private enum Phase {
        case readingFiles
        case exiting
        case touchingHardware
    }

    private static let remembered = 4

    private let set: sigset_t
    private let events = PIMutex<[Event]>([])
    private let count = Atomic<Int>(0)
    private let phase = PIMutex(Phase.readingFiles)
    private let stand = PIMutex<Stand?>(nil)
    private let deadlineNanoseconds = Atomic<Int64>(.max)
    private let durationSeconds = Atomic<Double>(0)
    private let handled = Atomic<Int>(0)

    /// Call before starting any thread: every thread started after inherits the blocked mask.
    static func start() -> SignalWatcher {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let watcher = SignalWatcher(set: set)
        // Above every normal thread, below the loop (49) and the step thread (48):
        // a busy machine does not delay a halt. Refused (no privilege), it runs anyway.
        if (try? POSIXThread.spawn(name: "swiveld-signals", scheduling: .init(fifoPriority: 40)) { watcher.run() }) == nil {
            Log.error("cannot start the signal thread: SIGTERM and --duration are not watched")
        }
        return watcher
    }

    private init(set: sigset_t) { self.set = set }

    static var signals: [Int32] {
        var list = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGIO, SIGXCPU, SIGXFSZ, SIGPIPE, SIGABRT]
        #if os(Linux)
        list += [SIGPWR, SIGSTKFLT]
        // glibc keeps the first real-time signals for itself; SIGRTMIN is the first it does not.
        list += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
        #endif
        return list
    }

    static func name(of signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGQUIT: "SIGQUIT", SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2",
            SIGALRM: "SIGALRM", SIGVTALRM: "SIGVTALRM", SIGIO: "SIGIO", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
            SIGPIPE: "SIGPIPE", SIGABRT: "SIGABRT",
        ]
        if let name = names[signal] { return name }
        #if os(Linux)
        if signal == SIGPWR { return "SIGPWR" }
        if signal == SIGSTKFLT { return "SIGSTKFLT" }
        if signal >= __libc_current_sigrtmin() { return "SIGRTMIN+\(signal - __libc_current_sigrtmin())" }
        #endif
        return "signal \(signal)"
    }

    /// From here on a signal no longer ends the process at once: the main
    /// thread sees it (`nextEvent`) and stops what it started. Never returns
    /// when a signal already took the process down.
    func beginTouchingHardware() {
        let exiting = phase.withLock { phase -> Bool in
            if case .exiting = phase { return true }
            phase = .touchingHardware
            return false
        }
        // The signal thread is on its way to _exit: wait for it rather than start anything.
        while exiting { sleep(milliseconds: 1000) }
    }

    /// The halt is requested on this stand the instant a signal arrives (or
    /// now, when one came during start-up).
    func attach(_ stand: Stand) {
        self.stand.withLock { $0 = stand }
        if count.load(ordering: .acquiring) > 0 { stand.requestHalt() }
    }

    /// `--duration`: an event at `nanoseconds` (MonotonicTime).
    func setDeadline(nanoseconds: Int64, seconds: Double) {
        durationSeconds.store(seconds, ordering: .relaxed)
        deadlineNanoseconds.store(nanoseconds, ordering: .releasing)
    }

    /// True once anything asked the daemon to stop.
    var stopRequested: Bool { count.load(ordering: .acquiring) > 0 }

    /// The oldest event the main thread has not seen yet, in words, or nil.
    func nextEvent() -> String? {
        let index = handled.load(ordering: .relaxed)
        guard index < count.load(ordering: .acquiring) else { return nil }
        handled.store(index + 1, ordering: .relaxed)
        let event = events.withLock { index < $0.count ? $0[index] : nil }
        switch event {
        case .signal(let signal)?: return Self.name(of: signal)
        case .durationElapsed(let seconds)?: return "--duration \(fixed(seconds, 1)) s elapsed"
        case nil: return "another signal"
        }
    }

    // MARK: - The signal thread

    private func run() {
        var waited = set
        while true {
            let now = MonotonicTime.nanoseconds()
            let deadline = deadlineNanoseconds.load(ordering: .acquiring)
            if now >= deadline {
                deadlineNanoseconds.store(.max, ordering: .relaxed)
                record(.durationElapsed(seconds: durationSeconds.load(ordering: .relaxed)))
                continue
            }
            // Wakes at least every 100 ms, so a deadline set meanwhile is not missed by more.
            let wait = min(deadline - now, 100_000_000)
            var timeout = timespec(tv_sec: Int(wait / 1_000_000_000), tv_nsec: Int(wait % 1_000_000_000))
            let signal = sigtimedwait(&waited, nil, &timeout)
            if signal > 0 { record(.signal(signal)) }
        }
    }

    private func record(_ event: Event) {
        events.withLock { if $0.count < Self.remembered { $0.append(event) } }
        // Releasing: whoever sees the new count sees the event too.
        count.add(1, ordering: .releasing)
        stand.withLock { $0?.requestHalt() }
        let exiting = phase.withLock { phase -> Bool in
            guard case .readingFiles = phase else { return false }
            phase = .exiting
            return true
        }
        if exiting { exitDuringStartUp(event) }
    }

    /// Before any hardware or endpoint was touched there is nothing to stop:
    /// the process ends here, even while the main thread waits on a file.
    private func exitDuringStartUp(_ event: Event) -> Never {
        let name: String
        switch event {
        case .signal(let signal): name = Self.name(of: signal)
        case .durationElapsed: name = "--duration"
        }
        Log.notice("\(name) during start-up: exiting before touching the hardware")
        Console.shared.drain(withinNanoseconds: 200_000_000)
        _exit(0)
    }
}

