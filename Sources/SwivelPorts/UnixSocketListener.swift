#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The daemon's listening Unix-domain stream socket; many clients.
///
/// @unchecked Sendable: made on one thread and handed to the thread that polls
/// and accepts, which then owns it; `close()` must come from the owner.
public final class UnixSocketListener: @unchecked Sendable {
    public let path: String
    public private(set) var fileDescriptor: Int32
    /// The socket file this listener bound, so `close()` never unlinks a newer
    /// daemon's socket that replaced it.
    private let boundFile: FileStatus?

    /// Binds and listens at `path`, non-blocking, with the file's mode set to `mode`.
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

        let descriptor = makeUnixStreamSocket()
        guard descriptor >= 0 else { throw failure(.bind, currentErrno(), "cannot create a socket") }
        func abandon(_ error: PortError, unlinking: Bool) -> PortError {
            posixClose(descriptor)
            if unlinking { unlink(path) }
            return error
        }
        guard address.withSocketAddress({ bind(descriptor, $0, $1) }) == 0 else {
            let code = currentErrno()
            let detail = code == EADDRINUSE ? "another process bound it just now" : nil
            throw abandon(failure(.bind, code, detail), unlinking: false)
        }
        // bind applied the umask; the mode is the daemon's policy, so set it exactly.
        guard chmod(path, mode_t(mode)) == 0 else {
            throw abandon(failure(.bind, currentErrno(), "cannot set the socket's mode to 0\(String(mode, radix: 8))"), unlinking: true)
        }
        guard listen(descriptor, backlog) == 0 else {
            throw abandon(failure(.listen, currentErrno()), unlinking: true)
        }
        guard setNonBlocking(descriptor) else {
            throw abandon(failure(.configure, currentErrno()), unlinking: true)
        }
        self.path = path
        fileDescriptor = descriptor
        boundFile = FileStatus(path: path)
    }

    deinit {
        close()
    }

    private static func removeStaleSocket(at path: String, address: UnixSocketAddress) throws(PortError) {
        guard let existing = FileStatus(path: path) else { return }
        guard existing.type == .socket else {
            throw PortError(kind: .bind, path: path, errno: EEXIST, detail: "refusing to replace \(existing.type.phrase) with the socket")
        }
        switch connectUnixStream(address, timeoutMilliseconds: 1_000) {
        case .success(let probe):
            posixClose(probe)
            throw PortError(kind: .bind, path: path, errno: EADDRINUSE, detail: "already in use by another swiveld")
        case .failure(let failure) where isWouldBlock(failure.code) || failure.code == ETIMEDOUT:
            // Linux: a listener whose backlog is full; alive, just busy.
            throw PortError(kind: .bind, path: path, errno: EADDRINUSE, detail: "already in use by another swiveld (it is not accepting)")
        case .failure(let failure) where failure.code == ECONNREFUSED:
            guard unlink(path) == 0 || currentErrno() == ENOENT else {
                throw PortError(kind: .bind, path: path, errno: currentErrno(), detail: "cannot remove the stale socket file")
            }
        case .failure(let failure):
            throw PortError(kind: .bind, path: path, errno: failure.code, detail: "cannot tell whether the socket file there is in use")
        }
    }

    /// Takes the next waiting client, without blocking.
    /// - Returns: a non-blocking channel labelled "socket", or nil when no client is waiting.
    public func accept() throws(PortError) -> FileChannel? {
        guard fileDescriptor >= 0 else { throw PortError(kind: .closed, path: path, detail: "the listener is closed") }
        while true {
            let client = posixAccept(fileDescriptor)
            if client >= 0 {
                guard prepareConnectedSocket(client) else {
                    let code = currentErrno()
                    posixClose(client)
                    throw PortError(kind: .accept, path: path, errno: code)
                }
                return FileChannel(descriptor: client, label: "socket", transport: .socket)
            }
            let code = currentErrno()
            // A client that gave up while queued is no reason to stop accepting.
            if code == EINTR || code == ECONNABORTED { continue }
            if isWouldBlock(code) { return nil }
            throw PortError(kind: .accept, path: path, errno: code)
        }
    }

    /// Stops listening and removes the socket file (if it is still this listener's).
    /// Accepted channels stay open. Safe to call more than once.
    public func close() {
        guard fileDescriptor >= 0 else { return }
        posixClose(fileDescriptor)
        fileDescriptor = -1
        if let boundFile, let current = FileStatus(path: path), current.isSameFile(as: boundFile) {
            unlink(path)
        }
    }
}
