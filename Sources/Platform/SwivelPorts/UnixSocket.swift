#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

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
            do throws(Errno) {
                try prepareConnectedSocket(descriptor)
            } catch {
                try? descriptor.close()
                throw PortError(kind: .configure, path: path, errno: error.code)
            }
            return FileChannel(descriptor: descriptor, label: path, transport: .socket)
        case .failure(let failure) where failure.isWouldBlock:
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
        let ends: (FileDescriptor, FileDescriptor)
        do throws(Errno) {
            ends = try FileDescriptor.unixStreamSocketPair()
        } catch {
            throw PortError(kind: .open, path: "socketpair", errno: error.code)
        }
        do throws(Errno) {
            try prepareConnectedSocket(ends.0)
            try prepareConnectedSocket(ends.1)
        } catch {
            try? ends.0.close()
            try? ends.1.close()
            throw PortError(kind: .configure, path: "socketpair", errno: error.code)
        }
        return (
            FileChannel(descriptor: ends.0, label: "socketpair", transport: .socket),
            FileChannel(descriptor: ends.1, label: "socketpair", transport: .socket)
        )
    }
}
