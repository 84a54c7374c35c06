#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// The one `ByteChannel` over a POSIX descriptor: ttys, ptys and sockets differ
/// only in how a write avoids SIGPIPE. Closes its descriptor on deinit.
///
/// @unchecked Sendable: the descriptor changes only in `close()`, and the owner
/// (one thread at a time, see `ByteChannel`) is the only caller.
public final class FileChannel: ByteChannel, @unchecked Sendable {
    enum Transport {
        /// A tty or pty: write(2); a vanished peer shows up as EIO, never SIGPIPE.
        case terminal
        /// A socket: send(2) with MSG_NOSIGNAL (Linux) or SO_NOSIGPIPE set (Darwin).
        case socket
    }

    public let label: String
    /// -1 once closed.
    private var descriptor: FileDescriptor
    let transport: Transport

    /// Takes ownership of `descriptor`, which must already be non-blocking.
    init(descriptor: FileDescriptor, label: String, transport: Transport) {
        self.descriptor = descriptor
        self.label = label
        self.transport = transport
    }

    deinit {
        close()
    }

    public var fileDescriptor: Int32 { descriptor.rawValue }

    public var isOpen: Bool { descriptor.rawValue >= 0 }

    public func close() {
        guard isOpen else { return }
        // A failed close leaves nothing to retry (see FileDescriptor.close) and nobody to tell.
        try? descriptor.close()
        descriptor = FileDescriptor(rawValue: -1)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(PortError) -> Int {
        guard isOpen else { throw closedLocally }
        guard buffer.count > 0 else { return 0 }
        let count: Int
        do throws(Errno) {
            count = try descriptor.read(into: buffer)
        } catch {
            if error.isWouldBlock { return 0 }
            throw PortError.transfer(.read, label: label, error)
        }
        if count > 0 { return count }
        // A socket's 0 is end of file. A terminal in raw mode with VMIN=0
        // returns 0 whenever nothing is waiting, and also once it is hung
        // up (a USB adapter pulled out); only poll's POLLHUP tells them apart.
        if transport == .terminal && !isHungUp() { return 0 }
        throw PortError(kind: .closed, path: label, detail: "closed by the other side")
    }

    private func isHungUp() -> Bool {
        let returned = (try? Poll.wait(for: Int16(POLLIN), on: descriptor, timeoutMilliseconds: 0)) ?? 0
        return returned & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    public func write(all bytes: UnsafeRawBufferPointer, timeoutMilliseconds: Int32) throws(PortError) {
        guard isOpen else { throw closedLocally }
        let deadline = PollDeadline(timeoutMilliseconds: timeoutMilliseconds)
        var remaining = bytes
        while !remaining.isEmpty {
            let count: Int
            do throws(Errno) {
                count = transport == .socket ? try descriptor.send(remaining) : try descriptor.write(remaining)
            } catch {
                guard error.isWouldBlock else { throw PortError.transfer(.write, label: label, error) }
                count = 0
            }
            if count > 0 {
                remaining = UnsafeRawBufferPointer(rebasing: remaining[count...])
                continue
            }
            try waitUntilWritable(deadline, timeoutMilliseconds: timeoutMilliseconds)
        }
    }

    /// Writes what the other side takes now from `regions`, in order, in one
    /// gather write (writev, or sendmsg with MSG_NOSIGNAL on a socket), without
    /// waiting: for a caller that polls for POLLOUT and keeps the rest.
    /// - Returns: the bytes written, from the start of the first region; 0 when
    ///   the other side's buffer is full.
    /// - Throws: `.closed` when the other side is gone; `.write` otherwise.
    public func writeAvailable(_ regions: [UnsafeRawBufferPointer]) throws(PortError) -> Int {
        guard isOpen else { throw closedLocally }
        var vectors = regions.prefix(Self.maximumRegions).compactMap { region -> iovec? in
            guard let base = region.baseAddress, region.count > 0 else { return nil }
            return iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: region.count)
        }
        guard !vectors.isEmpty else { return 0 }
        let written = vectors.withUnsafeMutableBufferPointer { buffer in
            Result { () throws(Errno) in
                transport == .socket ? try descriptor.send(gathering: buffer) : try descriptor.write(gathering: buffer)
            }
        }
        switch written {
        case .success(let count): return count
        case .failure(let error) where error.isWouldBlock: return 0
        case .failure(let error): throw PortError.transfer(.write, label: label, error)
        }
    }

    /// Well under every system's IOV_MAX (1024 on Linux and Darwin).
    public static let maximumRegions = 64

    /// Waits for POLLOUT. A hang-up is left for the next write to report, since
    /// only its errno says which kind of disconnection it was.
    private func waitUntilWritable(_ deadline: PollDeadline, timeoutMilliseconds: Int32) throws(PortError) {
        let wait = deadline.remainingMilliseconds
        if wait != 0 {
            let returned: Int16
            do throws(Errno) {
                returned = try Poll.wait(for: Int16(POLLOUT), on: descriptor, timeoutMilliseconds: wait)
            } catch {
                throw PortError(kind: .poll, path: label, errno: error.code)
            }
            if returned != 0 { return }
        }
        throw PortError(kind: .timedOut, path: label, detail: "timed out after \(timeoutMilliseconds) ms with bytes left to send")
    }

    private var closedLocally: PortError {
        PortError(kind: .closed, path: label, detail: "the channel is closed")
    }
}
