#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this test process runs under a sanitizer (`make sanitize`), found
/// by its runtime's exported entry point.
public enum Sanitizers {
    public static let active: Bool = dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil

    /// About how many times slower the code runs on the wall clock: 1 outside
    /// a sanitizer, 10 under one (measured here: a sanitized swiveld's tick
    /// costs 5 to 13 times a debug build's, ThreadSanitizer's the most). For
    /// guards against a hang and for what "not spinning" means, never to
    /// scale what a test asserts the stand did.
    public static var slowdown: Double { active ? 10 : 1 }

    /// Whether a wall-clock interval gets as much done as the stand would in
    /// real time. Not under a sanitizer: a sanitized daemon's loop runs its
    /// ticks 3 to 4 times more slowly than their period, so what a test
    /// expects a daemon to achieve in 4 s of wall time is left to `make test`;
    /// the sanitized run still goes through every path for the sanitizer.
    public static var runsInRealTime: Bool { !active }

    /// The sanitizers' runtimes make mlock, munlock, mlockall and munlockall
    /// do nothing (their shadow memory is far too large to lock), so VmLck
    /// does not move however a thread locks its stack.
    public static var memoryLockingIsIgnored: Bool { active }
}
