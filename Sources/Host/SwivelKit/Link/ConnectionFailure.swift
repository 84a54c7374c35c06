#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPorts

extension SwivelKitError {
    /// Why the endpoint could not be opened, in words that say what to check.
    /// The socket's cases are told apart by what sits at the path, since
    /// connect(2) answers ECONNREFUSED both for a stale socket and for a file
    /// that is not a socket at all.
    static func connectionFailure(
        _ error: PortError, endpoint: SwivelEndpoint, inspect: (String) -> SocketPath = SocketPath.init(inspecting:)
    ) -> SwivelKitError {
        switch endpoint {
        case .socket(let path):
            guard error.kind == .connect, let code = error.errno else {
                return SwivelKitError(.transport, "cannot connect to swiveld at \(path): \(error)")
            }
            return SwivelKitError(.transport, socketFailure(path: path, errno: code, found: inspect(path)) ?? "cannot connect to swiveld at \(path): \(error)")
        case .serial:
            return SwivelKitError(.transport, "cannot open the stand's serial line: \(error)")
        }
    }

    /// nil for an errno with nothing more to say than its own text.
    static func socketFailure(path: String, errno code: Int32, found: SocketPath) -> String? {
        let start = path.hasPrefix("/run/")
            ? "is the swiveld service running? (systemctl status swiveld)"
            : "is `make run` running? (or swiveld --board boards/sim.json5)"
        if code == EACCES || code == EPERM { return permissionDenied(path: path, found: found) }
        guard code == ENOENT || code == ECONNREFUSED || code == ENOTSOCK else { return nil }
        switch found.kind {
        case .missing:
            return "no socket at \(path): no swiveld has started there; \(start)"
        case .socket:
            return "\(path) is a stale socket: no swiveld is listening on it (one exited without removing it); \(start)"
        case .other(let what):
            return "\(path) is \(what), not a socket: point --socket or $SWIVEL_SOCKET at the socket swiveld prints when it starts"
        }
    }

    private static func permissionDenied(path: String, found: SocketPath) -> String {
        let head = "permission denied connecting to swiveld at \(path)"
        guard let group = found.groupName else {
            return "\(head): may the user search the socket's directory, and is it in the socket's group?"
        }
        let mode = found.permissions.map { "mode 0\(String($0, radix: 8)), " } ?? ""
        return "\(head) (\(mode)group \(group)): join the group with `sudo usermod -aG \(group) $USER`, then log in again"
    }
}

/// What sits at a socket path, as far as a connection message needs it:
/// stat(2) follows a symlink, as connect(2) does.
struct SocketPath: Equatable {
    enum Kind: Equatable {
        case missing
        case socket
        /// "a regular file", "a directory".
        case other(String)
    }

    var kind: Kind
    /// The permission bits, when the path could be examined.
    var permissions: UInt32?
    /// The owning group's name, when the path could be examined and the group has one.
    var groupName: String?

    init(kind: Kind, permissions: UInt32? = nil, groupName: String? = nil) {
        self.kind = kind
        self.permissions = permissions
        self.groupName = groupName
    }

    init(inspecting path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            self.init(kind: .missing)
            return
        }
        let mode = UInt32(status.st_mode)
        let kind: Kind =
            switch mode & UInt32(S_IFMT) {
            case UInt32(S_IFSOCK): .socket
            case UInt32(S_IFREG): .other("a regular file")
            case UInt32(S_IFDIR): .other("a directory")
            case UInt32(S_IFCHR): .other("a character device")
            default: .other("a special file")
            }
        self.init(kind: kind, permissions: mode & 0o7777, groupName: Self.groupName(of: status.st_gid))
    }

    /// getgrgid_r, so a second thread looking a group up cannot clobber the answer.
    static func groupName(of id: gid_t) -> String? {
        var group = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 4096)
        // The name points into `buffer`: read it while the buffer is pinned.
        return buffer.withUnsafeMutableBufferPointer { bytes -> String? in
            guard getgrgid_r(id, &group, bytes.baseAddress, bytes.count, &result) == 0, result != nil,
                let name = group.gr_name
            else { return nil }
            return String(cString: name)
        }
    }
}
