#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A filesystem path as a sockaddr_un.
struct UnixSocketAddress {
    private var storage = sockaddr_un()

    /// The longest path sun_path holds with its NUL: 107 bytes on Linux, 103 on Darwin.
    static var maximumPathBytes: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 }

    /// Checks the path fits; the error names the limit, since the daemon's socket
    /// path comes from configuration.
    init(path: String, failureKind: PortError.Kind) throws(PortError) {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty else {
            throw PortError(kind: failureKind, path: path, detail: "the socket path is empty")
        }
        guard bytes.count <= Self.maximumPathBytes else {
            throw PortError(
                kind: failureKind, path: path, errno: ENAMETOOLONG,
                detail: "the socket path is \(bytes.count) bytes; the limit is \(Self.maximumPathBytes)")
        }
        guard !bytes.contains(0) else {
            throw PortError(kind: failureKind, path: path, detail: "the socket path contains a NUL byte")
        }
        storage.sun_family = sa_family_t(AF_UNIX)
        #if canImport(Darwin)
        storage.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
        #endif
        withUnsafeMutableBytes(of: &storage.sun_path) { pathBytes in
            pathBytes.copyBytes(from: bytes)
        }
    }

    func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: storage) { address in
            address.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}

/// A new AF_UNIX stream socket, close-on-exec and, on Darwin, without SIGPIPE.
func makeUnixStreamSocket() -> Int32 {
    #if canImport(Glibc)
    return socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
    let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
    guard descriptor >= 0 else { return descriptor }
    guard setCloseOnExec(descriptor), suppressSIGPIPE(descriptor) else {
        let code = currentErrno()
        posixClose(descriptor)
        errno = code
        return -1
    }
    return descriptor
    #endif
}

/// Readies a connected socket (made by connect, accept or socketpair) for a
/// `FileChannel`: non-blocking, close-on-exec, no SIGPIPE. Sets errno on failure.
func prepareConnectedSocket(_ descriptor: Int32) -> Bool {
    setNonBlocking(descriptor) && setCloseOnExec(descriptor) && suppressSIGPIPE(descriptor)
}

/// Linux passes MSG_NOSIGNAL on every send instead; Darwin needs the socket option.
private func suppressSIGPIPE(_ descriptor: Int32) -> Bool {
    #if canImport(Darwin)
    var on: Int32 = 1
    return setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size)) == 0
    #else
    return true
    #endif
}

/// Connects a non-blocking socket to `address`, waiting up to `timeoutMilliseconds`
/// if the connection is in progress.
/// - Returns: the socket, or the errno of the failure.
func connectUnixStream(_ address: UnixSocketAddress, timeoutMilliseconds: Int32) -> Result<Int32, SystemCallFailure> {
    let descriptor = makeUnixStreamSocket()
    guard descriptor >= 0 else { return .failure(SystemCallFailure(currentErrno())) }
    guard setNonBlocking(descriptor) else {
        let code = currentErrno()
        posixClose(descriptor)
        return .failure(SystemCallFailure(code))
    }
    var connected = address.withSocketAddress { connect(descriptor, $0, $1) }
    var code = connected == 0 ? 0 : currentErrno()
    // An interrupted connect carries on in the background, as after EINPROGRESS.
    if code == EINTR { code = EINPROGRESS }
    if connected != 0 && code == EINPROGRESS {
        var watched = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        let deadline = PollDeadline(timeoutMilliseconds: timeoutMilliseconds)
        var ready: Int32
        repeat {
            ready = poll(&watched, 1, deadline.remainingMilliseconds)
        } while ready < 0 && currentErrno() == EINTR
        var socketError: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        if ready > 0 && getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &socketError, &length) == 0 {
            code = socketError
            connected = socketError == 0 ? 0 : -1
        } else {
            code = ready == 0 ? ETIMEDOUT : currentErrno()
        }
    }
    guard connected == 0 else {
        posixClose(descriptor)
        return .failure(SystemCallFailure(code))
    }
    return .success(descriptor)
}

/// An errno as an `Error`, for `Result` inside this module.
struct SystemCallFailure: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
}
