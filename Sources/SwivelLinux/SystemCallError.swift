#if os(Linux)
import Glibc

/// A failed system call's errno, kept as a value so the caller that knows
/// which file and which device it was can turn it into a `HardwareError`.
struct SystemCallError: Error, Equatable {
    var code: Int32

    init(_ code: Int32) { self.code = code }

    /// The errno of the call that just failed.
    static var current: SystemCallError { SystemCallError(errno) }

    /// "Permission denied (errno 13)".
    var description: String { "\(String(cString: strerror(code))) (errno \(code))" }

    var isPermissionDenied: Bool { code == EACCES || code == EPERM }
}
#endif
