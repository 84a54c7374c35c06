#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this test process runs under a sanitizer (`make sanitize`), found
/// by its runtime's exported entry point.
public enum Sanitizers {
    public static let active: Bool = dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil

    /// The sanitizers' runtimes make mlock, munlock, mlockall and munlockall
    /// do nothing (their shadow memory is far too large to lock), so VmLck
    /// does not move however a thread locks its stack.
    public static var memoryLockingIsIgnored: Bool { active }
}
