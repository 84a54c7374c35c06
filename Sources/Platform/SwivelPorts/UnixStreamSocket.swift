#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// A new AF_UNIX stream socket, close-on-exec and, on Darwin, without SIGPIPE.
func makeUnixStreamSocket() throws(Errno) -> FileDescriptor {
    let descriptor = try FileDescriptor.unixStreamSocket()
    do throws(Errno) {
        try suppressSIGPIPE(descriptor)
    } catch {
        try? descriptor.close()
        throw error
    }
    return descriptor
}

/// Readies a connected socket (made by connect, accept or socketpair) for a
/// `FileChannel`: non-blocking, close-on-exec, no SIGPIPE.
func prepareConnectedSocket(_ descriptor: FileDescriptor) throws(Errno) {
    try descriptor.setNonBlocking()
    try descriptor.setCloseOnExec()
    try suppressSIGPIPE(descriptor)
}

/// Linux passes MSG_NOSIGNAL on every send instead; Darwin needs the socket option.
private func suppressSIGPIPE(_ descriptor: FileDescriptor) throws(Errno) {
    #if canImport(Darwin)
    var on: Int32 = 1
    guard setsockopt(descriptor.rawValue, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
        throw .current
    }
    #endif
}

/// Connects a non-blocking socket to `address`, waiting up to `timeoutMilliseconds`
/// if the connection is in progress.
/// - Returns: the socket, or the errno of the failure (ETIMEDOUT when the time ran out).
func connectUnixStream(_ address: UnixSocketAddress, timeoutMilliseconds: Int32) -> Result<FileDescriptor, Errno> {
    let descriptor: FileDescriptor
    do {
        descriptor = try makeUnixStreamSocket()
    } catch {
        return .failure(error)
    }
    do throws(Errno) {
        try descriptor.setNonBlocking()
        do throws(Errno) {
            try address.withSocketAddress { (socketAddress, length) throws(Errno) in
                try descriptor.connect(to: socketAddress, length: length)
            }
        } catch where error.code == EINPROGRESS {
            let ready = try Poll.wait(for: Int16(POLLOUT), on: descriptor, timeoutMilliseconds: timeoutMilliseconds)
            guard ready != 0 else { throw Errno(ETIMEDOUT) }
            if let failure = try descriptor.pendingSocketError() { throw failure }
        }
        return .success(descriptor)
    } catch {
        try? descriptor.close()
        return .failure(error)
    }
}
