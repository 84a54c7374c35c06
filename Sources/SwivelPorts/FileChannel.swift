#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    public private(set) var fileDescriptor: Int32
    let transport: Transport

    /// Takes ownership of `descriptor`, which must already be non-blocking.
    init(descriptor: Int32, label: String, transport: Transport) {
        fileDescriptor = descriptor
        self.label = label
        self.transport = transport
    }

    deinit {
        close()
    }

    public var isOpen: Bool { fileDescriptor >= 0 }

    public func close() {
        guard fileDescriptor >= 0 else { return }
        posixClose(fileDescriptor)
        fileDescriptor = -1
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(PortError) -> Int {
        guard fileDescriptor >= 0 else { throw closedLocally }
        guard buffer.count > 0 else { return 0 }
        while true {
            let count = posixRead(fileDescriptor, buffer)
            if count > 0 { return count }
            // A socket's 0 is end of file. A terminal in raw mode with VMIN=0
            // returns 0 whenever nothing is waiting, and also once it is hung
            // up (a USB adapter pulled out); only poll's POLLHUP tells them apart.
            if count == 0 {
                if transport == .terminal && !isHungUp() { return 0 }
                throw PortError(kind: .closed, path: label, detail: "closed by the other side")
            }
            let code = currentErrno()
            if code == EINTR { continue }
            if isWouldBlock(code) { return 0 }
            throw PortError.transfer(.read, label: label, errno: code)
        }
    }

    private func isHungUp() -> Bool {
        var entry = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) >= 0 else { return false }
        return entry.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    public func write(all bytes: UnsafeRawBufferPointer, timeoutMilliseconds: Int32) throws(PortError) {
        guard fileDescriptor >= 0 else { throw closedLocally }
        let deadline = PollDeadline(timeoutMilliseconds: timeoutMilliseconds)
        var remaining = bytes
        while !remaining.isEmpty {
            let count = transport == .socket
                ? posixSend(fileDescriptor, remaining)
                : posixWrite(fileDescriptor, remaining)
            if count > 0 {
                remaining = UnsafeRawBufferPointer(rebasing: remaining[count...])
                continue
            }
            let code = currentErrno()
            if count < 0 && code == EINTR { continue }
            guard count == 0 || isWouldBlock(code) else {
                throw PortError.transfer(.write, label: label, errno: code)
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
        guard fileDescriptor >= 0 else { throw closedLocally }
        var vectors = regions.prefix(Self.maximumRegions).compactMap { region -> iovec? in
            guard let base = region.baseAddress, region.count > 0 else { return nil }
            return iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: region.count)
        }
        guard !vectors.isEmpty else { return 0 }
        while true {
            let count = vectors.withUnsafeMutableBufferPointer { buffer in
                transport == .socket
                    ? posixSendGathered(fileDescriptor, buffer)
                    : posixWriteGathered(fileDescriptor, buffer)
            }
            if count >= 0 { return count }
            let code = currentErrno()
            if code == EINTR { continue }
            if isWouldBlock(code) { return 0 }
            throw PortError.transfer(.write, label: label, errno: code)
        }
    }

    /// Well under every system's IOV_MAX (1024 on Linux and Darwin).
    public static let maximumRegions = 64

    /// Waits for POLLOUT. A hang-up is left for the next write to report, since
    /// only its errno says which kind of disconnection it was.
    private func waitUntilWritable(_ deadline: PollDeadline, timeoutMilliseconds: Int32) throws(PortError) {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
        while true {
            let wait = deadline.remainingMilliseconds
            if wait == 0 { break }
            let ready = poll(&descriptor, 1, wait)
            if ready > 0 { return }
            if ready == 0 { break }
            let code = currentErrno()
            if code != EINTR { throw PortError(kind: .poll, path: label, errno: code) }
        }
        throw PortError(kind: .timedOut, path: label, detail: "timed out after \(timeoutMilliseconds) ms with bytes left to send")
    }

    private var closedLocally: PortError {
        PortError(kind: .closed, path: label, detail: "the channel is closed")
    }
}
