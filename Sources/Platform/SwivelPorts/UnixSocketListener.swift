#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// The daemon's listening Unix-domain stream socket; many clients.
///
/// @unchecked Sendable: made on one thread and handed to the thread that polls
/// and accepts, which then owns it; `close()` must come from the owner.
public final class UnixSocketListener: @unchecked Sendable {
    public let path: String
    /// -1 once closed.
    private var descriptor: FileDescriptor
    /// The socket file this listener bound, so `close()` never unlinks a newer
    /// daemon's socket that replaced it.
    private let boundFile: FileStatus?
    /// A descriptor kept in hand, so that at the process's descriptor limit a
    /// waiting client can still be taken off the queue and told why (`refuseOne`).
    private let reserve: ReserveDescriptor

    /// Binds and listens at `path`, non-blocking, with the file's mode set to `mode`.
    /// The path never exists with any other mode: the socket is bound in a private
    /// directory beside it, given its mode there, and linked into place.
    ///
    /// A socket file already at `path` is removed if nothing answers on it (a
    /// daemon that crashed); if a listener answers, this fails rather than steal
    /// its clients. Anything else at `path`, or a missing parent directory, fails too.
    public init(path: String, mode: UInt32 = 0o660, backlog: Int32 = 8) throws(PortError) {
        func failure(_ kind: PortError.Kind, _ code: Int32?, _ detail: String? = nil) -> PortError {
            PortError(kind: kind, path: path, errno: code, detail: detail)
        }
        let address = try UnixSocketAddress(path: path, failureKind: .bind)
        guard mode <= 0o7777 else { throw failure(.bind, nil, "mode 0\(String(mode, radix: 8)) is not a permission mode") }
        guard parentDirectoryExists(path) else {
            throw failure(.bind, ENOENT, "parent directory \(parentDirectory(of: path)) does not exist")
        }
        try Self.removeStaleSocket(at: path, address: address)

        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try makeUnixStreamSocket()
        } catch {
            throw failure(.bind, error.code, "cannot create a socket")
        }
        func abandon(_ error: PortError, unlinking: Bool) -> PortError {
            try? descriptor.close()
            if unlinking { unlink(path) }
            return error
        }
        do throws(PortError) {
            try Self.bindWithFinalMode(descriptor, path: path, address: address, mode: mode)
        } catch {
            throw abandon(error, unlinking: false)
        }
        guard listen(descriptor.rawValue, backlog) == 0 else {
            throw abandon(failure(.listen, errno), unlinking: true)
        }
        do throws(Errno) {
            try descriptor.setNonBlocking()
        } catch {
            throw abandon(failure(.configure, error.code), unlinking: true)
        }
        reserve = ReserveDescriptor()
        self.path = path
        self.descriptor = descriptor
        boundFile = FileStatus(path: path)
    }

    deinit {
        close()
    }

    /// Binds `descriptor` so that `path` appears with `mode` already set: bind
    /// applies the umask, and a chmod after it would leave a moment in which
    /// the socket has the umask's mode. So it is bound at `<dir>/.swXXXXXX/s`
    /// (a fresh directory only this process may enter), chmod-ed there, then
    /// hard-linked to `path` (link never replaces: a socket another daemon
    /// bound meanwhile wins) and the private name removed. A socket is
    /// reached through any of its names. When the private name would not fit
    /// in sun_path, the socket is bound in place with its mode set on the
    /// descriptor first (Linux creates the file with that mode less the
    /// umask: never more than `mode`), then chmod-ed.
    private static func bindWithFinalMode(
        _ descriptor: FileDescriptor, path: String, address: UnixSocketAddress, mode: UInt32
    ) throws(PortError) {
        func failure(_ code: Int32, _ detail: String?) -> PortError {
            PortError(kind: .bind, path: path, errno: code, detail: detail)
        }
        let modeText = "0\(String(mode, radix: 8))"
        var template = Array("\(parentDirectory(of: path))/.swXXXXXX".utf8CString)
        let privateSocketBytes = template.count - 1 + 2
        guard privateSocketBytes <= UnixSocketAddress.maximumPathBytes else {
            _ = fchmod(descriptor.rawValue, mode_t(mode))
            guard address.withSocketAddress({ bind(descriptor.rawValue, $0, $1) }) == 0 else {
                let code = errno
                throw failure(code, code == EADDRINUSE ? "another process bound it just now" : nil)
            }
            guard chmod(path, mode_t(mode)) == 0 else {
                let code = errno
                unlink(path)
                throw failure(code, "cannot set the socket's mode to \(modeText)")
            }
            return
        }
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        guard let directory = made else {
            throw failure(errno, "cannot make a private directory beside the socket to bind it in")
        }
        let privatePath = directory + "/s"
        defer {
            unlink(privatePath)
            rmdir(directory)
        }
        let privateAddress = try UnixSocketAddress(path: privatePath, failureKind: .bind)
        guard privateAddress.withSocketAddress({ bind(descriptor.rawValue, $0, $1) }) == 0 else {
            throw failure(errno, "cannot bind in \(directory)")
        }
        guard chmod(privatePath, mode_t(mode)) == 0 else {
            throw failure(errno, "cannot set the socket's mode to \(modeText)")
        }
        guard link(privatePath, path) == 0 else {
            let code = errno
            guard code == EEXIST else { throw failure(code, "cannot link the socket into place") }
            throw failure(EADDRINUSE, "another process bound it just now")
        }
    }

    private static func removeStaleSocket(at path: String, address: UnixSocketAddress) throws(PortError) {
        guard let existing = FileStatus(path: path) else { return }
        guard existing.type == .socket else {
            throw PortError(kind: .bind, path: path, errno: EEXIST, detail: "refusing to replace \(existing.type.phrase) with the socket")
        }
        switch connectUnixStream(address, timeoutMilliseconds: 1_000) {
        case .success(let probe):
            try? probe.close()
            throw PortError(kind: .bind, path: path, errno: EADDRINUSE, detail: "already in use by another swiveld")
        case .failure(let failure) where failure.isWouldBlock || failure.code == ETIMEDOUT:
            // Linux: a listener whose backlog is full; alive, just busy.
            throw PortError(kind: .bind, path: path, errno: EADDRINUSE, detail: "already in use by another swiveld (it is not accepting)")
        case .failure(let failure) where failure.code == ECONNREFUSED:
            guard unlink(path) == 0 || errno == ENOENT else {
                throw PortError(kind: .bind, path: path, errno: errno, detail: "cannot remove the stale socket file")
            }
        case .failure(let failure):
            throw PortError(kind: .bind, path: path, errno: failure.code, detail: "cannot tell whether the socket file there is in use")
        }
    }

    /// The descriptor to poll; -1 once closed.
    public var fileDescriptor: Int32 { descriptor.rawValue }

    private var isOpen: Bool { descriptor.rawValue >= 0 }

    /// Takes the next waiting client, without blocking.
    /// - Returns: a non-blocking channel labelled "socket", or nil when no client is waiting.
    public func accept() throws(PortError) -> FileChannel? {
        guard isOpen else { throw PortError(kind: .closed, path: path, detail: "the listener is closed") }
        while true {
            let client: FileDescriptor
            do throws(Errno) {
                client = try descriptor.accept()
            } catch {
                // A client that gave up while queued is no reason to stop accepting.
                if error.code == ECONNABORTED { continue }
                if error.isWouldBlock { return nil }
                throw PortError(kind: .accept, path: path, errno: error.code)
            }
            do throws(Errno) {
                try prepareConnectedSocket(client)
            } catch {
                try? client.close()
                throw PortError(kind: .accept, path: path, errno: error.code)
            }
            return FileChannel(descriptor: client, label: "socket", transport: .socket)
        }
    }

    /// At the process's descriptor limit (accept failed with EMFILE or ENFILE):
    /// gives up the reserved descriptor, takes the first waiting client, sends it
    /// `farewell` (best effort, never waiting) and closes it, then takes the
    /// reserve back. Without this, the waiting client would keep the listener
    /// readable and a poll loop would spin on it.
    /// - Returns: true when a client was refused, false when none was waiting
    ///   or the reserve could not be used.
    public func refuseOne(saying farewell: [UInt8]) -> Bool {
        guard isOpen, reserve.release() else { return false }
        defer { reserve.restore() }
        while true {
            let client: FileDescriptor
            do throws(Errno) {
                client = try descriptor.accept()
            } catch {
                if error.code == ECONNABORTED { continue }
                return false
            }
            _ = farewell.withUnsafeBytes { bytes in try? client.send(bytes, waiting: false) }
            try? client.close()
            return true
        }
    }

    /// Stops listening and removes the socket file (if it is still this listener's).
    /// Accepted channels stay open. Safe to call more than once.
    public func close() {
        guard isOpen else { return }
        try? descriptor.close()
        descriptor = FileDescriptor(rawValue: -1)
        reserve.close()
        if let boundFile, let current = FileStatus(path: path), current.isSameFile(as: boundFile) {
            unlink(path)
        }
    }
}
