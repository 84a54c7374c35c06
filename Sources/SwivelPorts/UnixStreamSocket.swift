#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
