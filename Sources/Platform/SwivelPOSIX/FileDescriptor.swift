#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// An open file descriptor, shaped like swift-system's (which the firmware
/// does not link): calls that throw a typed `Errno` and retry EINTR, so no
/// caller writes the errno loop again. The one POSIX layer: files, sysfs
/// attributes, the ports' ttys, ptys, pipes and sockets (the `+Socket` and
/// `+Control` extensions) and `Poll` all go through here. A plain value:
/// closing is explicit. The reads and writes allocate nothing (no closure,
/// no array), so a tick may call them.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
    public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    public enum AccessMode: Sendable {
        case readOnly, writeOnly, readWrite

        var flags: Int32 {
            switch self {
            case .readOnly: O_RDONLY
            case .writeOnly: O_WRONLY
            case .readWrite: O_RDWR
            }
        }
    }

    public struct Options: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let create = Options(rawValue: O_CREAT)
        public static let truncate = Options(rawValue: O_TRUNC)
        public static let exclusiveCreate = Options(rawValue: O_EXCL)
        public static let append = Options(rawValue: O_APPEND)
        public static let nonBlocking = Options(rawValue: O_NONBLOCK)
        public static let noControllingTerminal = Options(rawValue: O_NOCTTY)
        /// Refuses a symlink at the path: in a shared directory such as /tmp a
        /// planted one must not make the daemon create or truncate its target.
        public static let noFollow = Options(rawValue: O_NOFOLLOW)
    }

    /// Always close-on-exec: a child the tools spawn must not inherit a
    /// board file or a device node.
    public static func open(
        _ path: String, _ mode: AccessMode, options: Options = [], permissions: mode_t = 0o644
    ) throws(Errno) -> FileDescriptor {
        while true {
            let descriptor = systemOpen(path, mode.flags | options.rawValue | O_CLOEXEC, permissions)
            if descriptor >= 0 { return FileDescriptor(rawValue: descriptor) }
            guard errno == EINTR else { throw .current }
        }
    }

    /// How many bytes arrived; 0 at end of file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        while true {
            let count = systemRead(rawValue, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            guard errno == EINTR else { throw .current }
        }
    }

    /// How many bytes went out, perhaps fewer than given (a pipe, a socket).
    public func write(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        while true {
            let count = systemWrite(rawValue, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            guard errno == EINTR else { throw .current }
        }
    }

    /// pread(2): reads from `offset` without moving the file position (a
    /// sysfs attribute read again and again from its start).
    public func read(into buffer: UnsafeMutableRawBufferPointer, atOffset offset: Int64) throws(Errno) -> Int {
        while true {
            let count = systemPread(rawValue, buffer.baseAddress, buffer.count, off_t(offset))
            if count >= 0 { return count }
            guard errno == EINTR else { throw .current }
        }
    }

    /// pwrite(2): writes at `offset` without moving the file position.
    public func write(_ buffer: UnsafeRawBufferPointer, atOffset offset: Int64) throws(Errno) -> Int {
        while true {
            let count = systemPwrite(rawValue, buffer.baseAddress, buffer.count, off_t(offset))
            if count >= 0 { return count }
            guard errno == EINTR else { throw .current }
        }
    }

    /// writev(2): `vectors` in order, in one call; perhaps fewer bytes than given.
    public func write(gathering vectors: UnsafeMutableBufferPointer<iovec>) throws(Errno) -> Int {
        while true {
            let count = systemWritev(rawValue, vectors.baseAddress, Int32(vectors.count))
            if count >= 0 { return count }
            guard errno == EINTR else { throw .current }
        }
    }

    /// Writes every byte, one partial write after another. A write that takes
    /// nothing throws EIO rather than spinning.
    public func writeAll(_ buffer: UnsafeRawBufferPointer) throws(Errno) {
        var offset = 0
        while offset < buffer.count {
            let written = try write(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
            guard written > 0 else { throw .ioError }
            offset += written
        }
    }

    /// Not retried on EINTR: Linux has released the descriptor by then, and
    /// closing it again could close one another thread just opened.
    public func close() throws(Errno) {
        guard systemClose(rawValue) == 0 else { throw .current }
    }

    /// Runs `body`, then closes the descriptor whatever `body` did; a failed
    /// close after a read has nothing left to tell.
    public func closeAfter<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        defer { _ = systemClose(rawValue) }
        return try body()
    }
}

// The libc calls under names the methods above do not shadow.
#if canImport(Glibc)
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Glibc.read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { Glibc.write(fd, buffer, count) }
private func systemClose(_ fd: Int32) -> Int32 { Glibc.close(fd) }
private func systemPread(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ offset: off_t) -> Int { Glibc.pread(fd, buffer, count, offset) }
private func systemPwrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ offset: off_t) -> Int { Glibc.pwrite(fd, buffer, count, offset) }
private func systemWritev(_ fd: Int32, _ vectors: UnsafePointer<iovec>?, _ count: Int32) -> Int { Glibc.writev(fd, vectors, count) }
#else
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Darwin.open(path, flags, mode) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { Darwin.write(fd, buffer, count) }
private func systemClose(_ fd: Int32) -> Int32 { Darwin.close(fd) }
private func systemPread(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ offset: off_t) -> Int { Darwin.pread(fd, buffer, count, offset) }
private func systemPwrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ offset: off_t) -> Int { Darwin.pwrite(fd, buffer, count, offset) }
private func systemWritev(_ fd: Int32, _ vectors: UnsafePointer<iovec>?, _ count: Int32) -> Int { Darwin.writev(fd, vectors, count) }
#endif
