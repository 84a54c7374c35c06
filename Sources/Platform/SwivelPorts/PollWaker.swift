#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// Lets another thread interrupt a poll (the self-pipe trick): poll the waker's
/// `fileDescriptor` along with the others; `wake()` makes it readable.
///
/// Sendable: `wake()` may come from any thread; `drain()` belongs to the polling thread.
public final class PollWaker: Sendable {
    private let readEnd: FileDescriptor
    private let writeEnd: FileDescriptor

    public init() throws(PortError) {
        let ends: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do throws(Errno) {
            ends = try FileDescriptor.pipe()
        } catch {
            throw PortError(kind: .open, path: "pipe", errno: error.code)
        }
        do throws(Errno) {
            for end in [ends.readEnd, ends.writeEnd] {
                try end.setNonBlocking()
                try end.setCloseOnExec()
            }
        } catch {
            try? ends.readEnd.close()
            try? ends.writeEnd.close()
            throw PortError(kind: .configure, path: "pipe", errno: error.code)
        }
        (readEnd, writeEnd) = ends
    }

    deinit {
        try? readEnd.close()
        try? writeEnd.close()
    }

    /// The descriptor to poll for readability.
    public var fileDescriptor: Int32 { readEnd.rawValue }

    /// Makes `fileDescriptor` readable until `drain()`. Never blocks: when the pipe
    /// is full the poller is already due to wake, so the byte is not needed.
    public func wake() {
        var byte: UInt8 = 1
        _ = withUnsafeBytes(of: &byte) { try? writeEnd.write($0) }
    }

    /// Empties the pipe, so the next poll sleeps until the next `wake()`.
    public func drain() {
        var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        while true {
            let count = withUnsafeMutableBytes(of: &bytes) { try? readEnd.read(into: $0) }
            guard let count, count > 0 else { return }
        }
    }
}
