#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call's errno as a typed error, so a caller can match the
/// one case it handles (ENOENT: no file yet) and word the rest for a person
/// with the OS's own reason.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: Int32

    public init(_ code: Int32) { self.code = code }

    /// The errno the calling thread's last failed call left.
    public static var current: Errno { Errno(errno) }

    public static let notPermitted = Errno(EPERM)
    public static let noSuchFile = Errno(ENOENT)
    public static let interrupted = Errno(EINTR)
    public static let ioError = Errno(EIO)
    public static let badDescriptor = Errno(EBADF)
    public static let wouldBlock = Errno(EAGAIN)
    public static let permissionDenied = Errno(EACCES)
    public static let invalidArgument = Errno(EINVAL)

    /// The C name ("ENOENT") of the common codes, else "errno 42".
    public var name: String {
        switch code {
        case EPERM: "EPERM"
        case ENOENT: "ENOENT"
        case ESRCH: "ESRCH"
        case EINTR: "EINTR"
        case EIO: "EIO"
        case ENXIO: "ENXIO"
        case EBADF: "EBADF"
        case EAGAIN: "EAGAIN"
        case ENOMEM: "ENOMEM"
        case EACCES: "EACCES"
        case EBUSY: "EBUSY"
        case EEXIST: "EEXIST"
        case ENODEV: "ENODEV"
        case ENOTDIR: "ENOTDIR"
        case EISDIR: "EISDIR"
        case EINVAL: "EINVAL"
        case ENOSPC: "ENOSPC"
        case EPIPE: "EPIPE"
        case ENOSYS: "ENOSYS"
        case ETIMEDOUT: "ETIMEDOUT"
        default: "errno \(code)"
        }
    }

    /// strerror's sentence: "No such file or directory".
    public var reason: String { String(cString: strerror(code)) }

    public var isPermissionDenied: Bool { code == EACCES || code == EPERM }

    /// A non-blocking descriptor had nothing to give or no room to take.
    public var isWouldBlock: Bool { code == EAGAIN || code == EWOULDBLOCK }

    /// "Permission denied (errno 13)": the form hardware and port messages
    /// print, which the boards README and the tests quote.
    public var numberedDescription: String { "\(reason) (errno \(code))" }

    /// "No such file or directory (ENOENT)".
    public var description: String { "\(reason) (\(name))" }
}
