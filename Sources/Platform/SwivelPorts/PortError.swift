#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// A failed port operation, as a value: what was attempted, on which path, the
/// OS's errno, and a reason a person can act on.
public struct PortError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        case open, configure, read, write, poll, bind, listen, accept, connect
        /// The other side is gone: EOF on a socket, EIO on a pty whose other side
        /// closed, EPIPE/ECONNRESET, a USB adapter unplugged, or a channel already closed.
        case closed
        case unsupportedBaudRate
        case timedOut
    }

    public var kind: Kind
    /// The device, pty or socket path; the channel's label for read and write errors.
    public var path: String?
    public var errno: Int32?
    /// A reason more specific than errno's text: "not a terminal",
    /// "already in use by another swiveld", the supported baud rates.
    public var detail: String?
    /// What the user can try: "is the user in the dialout group?".
    public var hint: String?

    public init(kind: Kind, path: String?, errno: Int32? = nil, detail: String? = nil, hint: String? = nil) {
        self.kind = kind
        self.path = path
        self.errno = errno
        self.detail = detail
        self.hint = hint
    }

    /// "open /dev/ttyUSB0: No such file or directory (errno 2)",
    /// "configure /tmp/x: not a terminal (Inappropriate ioctl for device, errno 25)",
    /// "open /dev/ttyUSB0: Permission denied (errno 13): is the user in the dialout group?".
    public var description: String {
        var text = verb
        if let path { text += text.isEmpty ? path : " \(path)" }
        if !text.isEmpty { text += ": " }
        switch (detail, errno) {
        case let (detail?, code?): text += "\(detail) (\(Errno(code).reason), errno \(code))"
        case let (detail?, nil): text += detail
        case let (nil, code?): text += Errno(code).numberedDescription
        case (nil, nil): text += defaultReason
        }
        if let hint { text += ": \(hint)" }
        return text
    }

    private var verb: String {
        switch kind {
        case .open: "open"
        case .configure, .unsupportedBaudRate: "configure"
        case .read: "read"
        case .write, .timedOut: "write"
        case .poll: "poll"
        case .bind: "bind"
        case .listen: "listen"
        case .accept: "accept"
        case .connect: "connect"
        case .closed: ""
        }
    }

    private var defaultReason: String {
        switch kind {
        case .closed: "closed by the other side"
        case .timedOut: "timed out"
        case .unsupportedBaudRate: "unsupported baud rate"
        default: "failed"
        }
    }
}

extension PortError {
    /// An open(2) of a serial device or pty failed. EACCES on a device usually
    /// means the user lacks the device's group; on a pty (swiveld's
    /// /tmp/swivel-host) no group helps: the pty belongs to whoever started swiveld.
    static func openFailed(path: String, errno code: Int32) -> PortError {
        guard code == EACCES || code == EPERM else { return PortError(kind: .open, path: path, errno: code) }
        return PortError(kind: .open, path: path, errno: code, hint: isPseudoTerminal(path) ? ptyPermissionHint : ttyPermissionHint)
    }

    static let ptyPermissionHint = "the pty belongs to the user who started swiveld: run as that user, or connect to swiveld's socket instead"

    /// Whether `path` (after symlinks) is the secondary side of a pty.
    static func isPseudoTerminal(_ path: String) -> Bool {
        guard let resolved = realpath(path, nil) else { return false }
        defer { free(resolved) }
        let target = String(cString: resolved)
        #if canImport(Glibc)
        return target.hasPrefix("/dev/pts/")
        #else
        return target.hasPrefix("/dev/ttys")
        #endif
    }

    #if canImport(Glibc)
    static let ttyPermissionHint = "is the user in the dialout group?"
    #else
    static let ttyPermissionHint = "does the user have read and write access to the device?"
    #endif

    /// A connect(2) to the daemon's socket failed; for EACCES the hint names the
    /// socket's mode, read from the file, since the client did not choose it.
    static func connectFailed(path: String, errno code: Int32) -> PortError {
        guard code == EACCES || code == EPERM else { return PortError(kind: .connect, path: path, errno: code) }
        let mode = FileStatus(path: path).map { String($0.permissions, radix: 8) }
        let hint = mode.map { "socket is mode 0\($0): is the user in the socket's group?" }
            ?? "is the user in the socket's group, and may it search the socket's directory?"
        return PortError(kind: .connect, path: path, errno: code, hint: hint)
    }

    /// The error for a read or write failure on a channel: disconnections become `.closed`.
    static func transfer(_ kind: Kind, label: String, _ failure: Errno) -> PortError {
        isDisconnection(failure)
            ? PortError(kind: .closed, path: label, errno: failure.code, detail: "closed by the other side")
            : PortError(kind: kind, path: label, errno: failure.code)
    }

    /// Whether an errno means the other end is gone rather than a local fault:
    /// EOF-like conditions on ttys (EIO once a pty's other side closed, ENXIO or
    /// ENODEV when a USB adapter is unplugged) and on sockets.
    static func isDisconnection(_ failure: Errno) -> Bool {
        switch failure.code {
        case EIO, ENXIO, ENODEV, EPIPE, ECONNRESET, ENOTCONN, ESHUTDOWN: true
        default: false
        }
    }
}
