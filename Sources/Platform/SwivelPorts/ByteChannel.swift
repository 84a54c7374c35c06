/// A non-blocking, owned descriptor that moves bytes: a serial device, the
/// daemon's side of a pty, or a Unix socket connection.
///
/// Sendable so it can be created on one thread and handed to another (the daemon
/// opens ports on its main thread, then its link thread owns them). Calls must come
/// from one thread at a time: whoever holds the channel owns it.
public protocol ByteChannel: AnyObject, Sendable {
    /// The path, or "socket" for an accepted connection; used in error messages.
    var label: String { get }
    /// The descriptor to poll; -1 once closed.
    var fileDescriptor: Int32 { get }
    var isOpen: Bool { get }

    /// Reads what is available now into `buffer`, without blocking or allocating.
    /// - Returns: the number of bytes read; 0 when nothing is available now.
    /// - Throws: `.closed` when the other side is gone (EOF, EIO on a pty,
    ///   EPIPE, ENXIO, ECONNRESET) or the channel was closed; `.read` otherwise.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(PortError) -> Int

    /// Writes every byte, waiting with poll(POLLOUT) while the other side is slow.
    /// - Parameter timeoutMilliseconds: the longest the whole write may take;
    ///   negative waits without limit (as poll(2)).
    /// - Throws: `.timedOut` if bytes are left when the time is up (the ones before
    ///   them were sent, so a frame may be cut short: the peer's framing must
    ///   resynchronise); `.closed` when the other side is gone; `.write` otherwise.
    func write(all bytes: UnsafeRawBufferPointer, timeoutMilliseconds: Int32) throws(PortError)

    /// Closes the descriptor. Safe to call more than once.
    func close()
}

extension ByteChannel {
    /// Reads into the start of `bytes`, up to its count; allocates nothing when
    /// `bytes` is uniquely referenced.
    public func read(into bytes: inout [UInt8]) throws(PortError) -> Int {
        // withUnsafeMutableBytes rethrows untyped errors; Result keeps the type.
        try bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(PortError) in try read(into: buffer) }
        }.get()
    }

    public func write(all bytes: [UInt8], timeoutMilliseconds: Int32) throws(PortError) {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(PortError) in try write(all: buffer, timeoutMilliseconds: timeoutMilliseconds) }
        }.get()
    }
}
