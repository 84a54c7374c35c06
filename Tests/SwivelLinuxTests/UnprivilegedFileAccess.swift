#if os(Linux)
import Glibc

/// Root passes every permission check, so a test that needs a real EACCES from
/// the kernel runs its body with the filesystem uid of "nobody". The fsuid is
/// per thread (unlike seteuid, which glibc applies to every thread and would
/// disturb tests running beside this one), and it only changes when we are
/// root. Glibc declares setfsuid in a header Swift does not import, hence dlsym.
enum UnprivilegedFileAccess {
    private typealias SetFSUID = @convention(c) (UInt32) -> Int32
    static let nobody: UInt32 = 65_534

    /// Runs `body` with file permission checks applied to "nobody" on this
    /// thread. `body` must not suspend: it has to finish on this thread.
    static func run<T>(_ body: () -> T) -> T {
        guard geteuid() == 0 else { return body() }
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "setfsuid") else { return body() }
        let setfsuid = unsafeBitCast(symbol, to: SetFSUID.self)
        _ = setfsuid(nobody)
        defer { _ = setfsuid(0) }
        return body()
    }

    /// Whether opening `path` for writing is refused with EACCES under `run`:
    /// a permission test checks this first, so it cannot pass by accident.
    static func isWriteDenied(_ path: String) -> Bool {
        run {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            if descriptor >= 0 {
                close(descriptor)
                return false
            }
            return errno == EACCES
        }
    }

    static func isReadDenied(_ path: String) -> Bool {
        run {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor >= 0 {
                close(descriptor)
                return false
            }
            return errno == EACCES
        }
    }
}
#endif
