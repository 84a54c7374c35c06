#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets another thread interrupt a poll (the self-pipe trick): poll the waker's
/// `fileDescriptor` along with the others; `wake()` makes it readable.
///
/// Sendable: `wake()` may come from any thread; `drain()` belongs to the polling thread.
public final class PollWaker: Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    public init() throws(PortError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw PortError(kind: .open, path: "pipe", errno: currentErrno()) }
        guard ends.allSatisfy({ setNonBlocking($0) && setCloseOnExec($0) }) else {
            let code = currentErrno()
            ends.forEach(posixClose)
            throw PortError(kind: .configure, path: "pipe", errno: code)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        posixClose(readEnd)
        posixClose(writeEnd)
    }

    /// The descriptor to poll for readability.
    public var fileDescriptor: Int32 { readEnd }

    /// Makes `fileDescriptor` readable until `drain()`. Never blocks: when the pipe
    /// is full the poller is already due to wake, so the byte is not needed.
    public func wake() {
        var byte: UInt8 = 1
        while write(writeEnd, &byte, 1) < 0 && currentErrno() == EINTR {}
    }

    /// Empties the pipe, so the next poll sleeps until the next `wake()`.
    public func drain() {
        var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        while true {
            let count = withUnsafeMutableBytes(of: &bytes) { posixRead(readEnd, $0) }
            if count > 0 || (count < 0 && currentErrno() == EINTR) { continue }
            return
        }
    }
}
