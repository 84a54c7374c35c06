#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The client side of the daemon's socket.
public enum UnixSocket {
    /// Connects to the listener at `path`.
    /// - Returns: a non-blocking channel labelled with `path`.
    /// - Throws: `.connect`: ENOENT when no daemon made the socket, ECONNREFUSED when
    ///   it is stale, EACCES with a hint naming the socket's mode.
    public static func connect(path: String, timeoutMilliseconds: Int32 = 1_000) throws(PortError) -> FileChannel {
        let address = try UnixSocketAddress(path: path, failureKind: .connect)
        switch connectUnixStream(address, timeoutMilliseconds: timeoutMilliseconds) {
        case .success(let descriptor):
            guard prepareConnectedSocket(descriptor) else {
                let code = currentErrno()
                posixClose(descriptor)
                throw PortError(kind: .configure, path: path, errno: code)
            }
            return FileChannel(descriptor: descriptor, label: path, transport: .socket)
        case .failure(let failure) where isWouldBlock(failure.code):
            throw PortError(
                kind: .connect, path: path, errno: failure.code,
                detail: "the daemon is not accepting connections (its queue is full)")
        case .failure(let failure):
            throw PortError.connectFailed(path: path, errno: failure.code)
        }
    }

    /// Two connected channels (socketpair), for wiring a host to a daemon in one
    /// process, e.g. in tests of the link above this module.
    public static func pair() throws(PortError) -> (FileChannel, FileChannel) {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends)
        #else
        let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &ends)
        #endif
        guard made == 0 else { throw PortError(kind: .open, path: "socketpair", errno: currentErrno()) }
        guard ends.allSatisfy(prepareConnectedSocket) else {
            let code = currentErrno()
            ends.forEach(posixClose)
            throw PortError(kind: .configure, path: "socketpair", errno: code)
        }
        return (
            FileChannel(descriptor: ends[0], label: "socketpair", transport: .socket),
            FileChannel(descriptor: ends[1], label: "socketpair", transport: .socket)
        )
    }
}
