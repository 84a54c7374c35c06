#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileDescriptor {
    /// Adds O_NONBLOCK to the descriptor's status flags.
    public func setNonBlocking() throws(Errno) {
        let flags = fcntl(rawValue, F_GETFL)
        guard flags >= 0, fcntl(rawValue, F_SETFL, flags | O_NONBLOCK) == 0 else { throw .current }
    }

    /// Sets FD_CLOEXEC, for descriptors made by calls that take no O_CLOEXEC
    /// flag (openpty, pipe). A fork on another thread between the two calls
    /// could still inherit it; the daemon does not fork after startup.
    public func setCloseOnExec() throws(Errno) {
        let flags = fcntl(rawValue, F_GETFD)
        guard flags >= 0, fcntl(rawValue, F_SETFD, flags | FD_CLOEXEC) == 0 else { throw .current }
    }

    /// pipe(2), the ends as they come (the caller sets their flags).
    public static func pipe() throws(Errno) -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        var ends: (Int32, Int32) = (-1, -1)
        let made = withUnsafeMutableBytes(of: &ends) { raw in
            systemPipe(raw.baseAddress!.assumingMemoryBound(to: Int32.self))
        }
        guard made == 0 else { throw .current }
        return (FileDescriptor(rawValue: ends.0), FileDescriptor(rawValue: ends.1))
    }
}

#if canImport(Glibc)
private func systemPipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 { Glibc.pipe(ends) }
#else
private func systemPipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 { Darwin.pipe(ends) }
#endif
