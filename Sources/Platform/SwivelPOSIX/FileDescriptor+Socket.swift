#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

extension FileDescriptor {
    /// A new AF_UNIX stream socket, close-on-exec.
    public static func unixStreamSocket() throws(Errno) -> FileDescriptor {
        #if canImport(Glibc)
        let made = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard made >= 0 else { throw .current }
        return FileDescriptor(rawValue: made)
        #else
        let made = socket(AF_UNIX, SOCK_STREAM, 0)
        guard made >= 0 else { throw .current }
        let descriptor = FileDescriptor(rawValue: made)
        do throws(Errno) {
            try descriptor.setCloseOnExec()
        } catch {
            try? descriptor.close()
            throw error
        }
        return descriptor
        #endif
    }

    /// socketpair(2) of two connected AF_UNIX stream sockets, as they come
    /// (the caller sets their flags).
    public static func unixStreamSocketPair() throws(Errno) -> (FileDescriptor, FileDescriptor) {
        var ends: (Int32, Int32) = (-1, -1)
        let made = withUnsafeMutableBytes(of: &ends) { raw in
            let pointer = raw.baseAddress!.assumingMemoryBound(to: Int32.self)
            #if canImport(Glibc)
            return socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, pointer)
            #else
            return socketpair(AF_UNIX, SOCK_STREAM, 0, pointer)
            #endif
        }
        guard made == 0 else { throw .current }
        return (FileDescriptor(rawValue: ends.0), FileDescriptor(rawValue: ends.1))
    }

    /// connect(2). A connect a signal interrupts goes on in the background,
    /// so EINTR is reported as EINPROGRESS, the answer a non-blocking socket
    /// gives while its connection is under way: poll for POLLOUT either way.
    public func connect(to address: UnsafePointer<sockaddr>, length: socklen_t) throws(Errno) {
        guard systemConnect(rawValue, address, length) != 0 else { return }
        let failure = Errno.current
        throw failure.code == EINTR ? Errno(EINPROGRESS) : failure
    }

    /// accept(2) of the next waiting client, as it comes (the caller sets its
    /// flags). A non-blocking listener with none waiting throws EAGAIN.
    public func accept() throws(Errno) -> FileDescriptor {
        while true {
            let client = systemAccept(rawValue, nil, nil)
            if client >= 0 { return FileDescriptor(rawValue: client) }
            guard errno == EINTR else { throw .current }
        }
    }

    /// The error a non-blocking connect ended with (SO_ERROR), nil when it connected.
    public func pendingSocketError() throws(Errno) -> Errno? {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(rawValue, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { throw .current }
        return code == 0 ? nil : Errno(code)
    }

    /// send(2) that never raises SIGPIPE: MSG_NOSIGNAL on Linux; on Darwin,
    /// which has no such flag, the socket must carry SO_NOSIGPIPE.
    /// `waiting: false` adds MSG_DONTWAIT, for a blocking socket.
    public func send(_ buffer: UnsafeRawBufferPointer, waiting: Bool = true) throws(Errno) -> Int {
        var flags: Int32 = waiting ? 0 : Int32(MSG_DONTWAIT)
        #if canImport(Glibc)
        flags |= Int32(MSG_NOSIGNAL)
        #endif
        while true {
            let count = systemSend(rawValue, buffer.baseAddress, buffer.count, flags)
            if count >= 0 { return count }
            guard errno == EINTR else { throw .current }
        }
    }

    /// sendmsg(2) of `vectors` in order, without SIGPIPE (see `send`).
    public func send(gathering vectors: UnsafeMutableBufferPointer<iovec>) throws(Errno) -> Int {
        var message = msghdr()
        message.msg_iov = vectors.baseAddress
        #if canImport(Glibc)
        message.msg_iovlen = vectors.count
        let flags = Int32(MSG_NOSIGNAL)
        #else
        message.msg_iovlen = Int32(vectors.count)
        let flags: Int32 = 0
        #endif
        while true {
            let count = sendmsg(rawValue, &message, flags)
            if count >= 0 { return count }
            guard errno == EINTR else { throw .current }
        }
    }
}

// Under names the methods above do not shadow.
#if canImport(Glibc)
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 { Glibc.connect(fd, address, length) }
private func systemAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?) -> Int32 {
    Glibc.accept(fd, address, length)
}
private func systemSend(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int { Glibc.send(fd, buffer, count, flags) }
#else
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 { Darwin.connect(fd, address, length) }
private func systemAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?) -> Int32 {
    Darwin.accept(fd, address, length)
}
private func systemSend(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int { Darwin.send(fd, buffer, count, flags) }
#endif
