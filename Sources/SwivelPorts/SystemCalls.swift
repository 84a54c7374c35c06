#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

// libc calls under names no type member shadows: inside `FileChannel.close()` or
// `UnixSocketListener.accept()` a bare `close(fd)` / `accept(fd, ...)` would find the
// method, and inside `PortError` a bare `errno` is the property.

/// The calling thread's errno.
func currentErrno() -> Int32 {
    errno
}

func posixClose(_ descriptor: Int32) {
    // Not retried on EINTR: Linux releases the descriptor even then, and retrying
    // could close a descriptor another thread just opened with the same number.
    _ = close(descriptor)
}

func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}

func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
    write(descriptor, buffer.baseAddress, buffer.count)
}

/// send(2) without SIGPIPE. On Darwin the socket carries SO_NOSIGPIPE instead
/// (set where it is created), since Darwin has no MSG_NOSIGNAL.
func posixSend(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
    send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
    #else
    send(descriptor, buffer.baseAddress, buffer.count, 0)
    #endif
}

/// One send(2) that never waits and never raises SIGPIPE: for a last word to a
/// client about to be closed.
func sendWithoutWaiting(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
    send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
    #else
    send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
    #endif
}

func posixWriteGathered(_ descriptor: Int32, _ vectors: UnsafeMutableBufferPointer<iovec>) -> Int {
    writev(descriptor, vectors.baseAddress, Int32(vectors.count))
}

/// sendmsg(2) of several buffers, without SIGPIPE (see `posixSend`).
func posixSendGathered(_ descriptor: Int32, _ vectors: UnsafeMutableBufferPointer<iovec>) -> Int {
    var message = msghdr()
    message.msg_iov = vectors.baseAddress
    #if canImport(Glibc)
    message.msg_iovlen = vectors.count
    return sendmsg(descriptor, &message, Int32(MSG_NOSIGNAL))
    #else
    message.msg_iovlen = Int32(vectors.count)
    return sendmsg(descriptor, &message, 0)
    #endif
}

func posixAccept(_ descriptor: Int32) -> Int32 {
    accept(descriptor, nil, nil)
}

/// open(2) with the flags every port uses, retried when a signal interrupts it.
func posixOpen(_ path: String, _ flags: Int32) -> Int32 {
    while true {
        let descriptor = open(path, flags)
        if descriptor >= 0 || errno != EINTR { return descriptor }
    }
}

/// open(2) that may create the file with `mode` (less the umask), retried on EINTR.
func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    while true {
        let descriptor = open(path, flags, mode)
        if descriptor >= 0 || errno != EINTR { return descriptor }
    }
}

/// The text the OS gives for an errno: "No such file or directory".
func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}

/// Adds O_NONBLOCK to a descriptor's status flags.
func setNonBlocking(_ descriptor: Int32) -> Bool {
    let flags = fcntl(descriptor, F_GETFL)
    return flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
}

/// Sets FD_CLOEXEC, for descriptors made by calls that take no O_CLOEXEC flag
/// (openpty, pipe, accept). A fork on another thread between the two calls could
/// still inherit it; the daemon does not fork after startup.
func setCloseOnExec(_ descriptor: Int32) -> Bool {
    let flags = fcntl(descriptor, F_GETFD)
    return flags >= 0 && fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) == 0
}

/// A poll(2) timeout measured from when it was made, so a retry after EINTR or a
/// partial write waits only for what is left. Negative means "no limit", as in poll.
struct PollDeadline {
    private let endMilliseconds: Int64?

    init(timeoutMilliseconds: Int32) {
        endMilliseconds = timeoutMilliseconds < 0 ? nil : MonotonicTime.milliseconds() + Int64(timeoutMilliseconds)
    }

    /// The timeout to pass to poll now: -1 for no limit, 0 once the deadline passed.
    var remainingMilliseconds: Int32 {
        guard let endMilliseconds else { return -1 }
        return Int32(clamping: max(0, endMilliseconds - MonotonicTime.milliseconds()))
    }
}

/// Whether an errno means the other end is gone rather than a local fault:
/// EOF-like conditions on ttys (EIO once a pty's other side closed, ENXIO or
/// ENODEV when a USB adapter is unplugged) and on sockets.
func isDisconnection(_ code: Int32) -> Bool {
    code == EIO || code == ENXIO || code == ENODEV || code == EPIPE
        || code == ECONNRESET || code == ENOTCONN || code == ESHUTDOWN
}

func isWouldBlock(_ code: Int32) -> Bool {
    code == EAGAIN || code == EWOULDBLOCK
}
