#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small file read whole with plain libc (the firmware links no
/// Foundation): a board file, a scene, a sysfs attribute, /etc/machine-id, a
/// tool's seed file. Allocates: for setup, never for a tick.
public struct SmallFile: Sendable {
    /// At most `maximumBytes` of the file, from its start.
    public var bytes: [UInt8]
    /// The file went on past `maximumBytes`: a board file or scene that big
    /// is refused; a sysfs attribute's first bytes are all that matter.
    public var isTruncated: Bool

    /// The bytes as UTF-8, malformed sequences replaced.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Reads until end of file, or until one byte past `maximumBytes` (that
    /// byte tells a file exactly at the limit from a larger one).
    public static func read(_ path: String, maximumBytes: Int = 1 << 20) throws(Errno) -> SmallFile {
        let descriptor = try FileDescriptor.open(path, .readOnly)
        return try descriptor.closeAfter { () throws(Errno) in try read(from: descriptor, maximumBytes: maximumBytes) }
    }

    /// As `read(_:maximumBytes:)`, for a state file (a stand's UUID,
    /// /etc/machine-id) that must never hold up start-up: opened
    /// non-blocking, so a FIFO planted there cannot make the open wait for a
    /// writer, and refused (ENODEV) unless it is a regular file.
    public static func readRegular(_ path: String, maximumBytes: Int) throws(Errno) -> SmallFile {
        let descriptor = try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .noControllingTerminal])
        return try descriptor.closeAfter { () throws(Errno) in
            var status = stat()
            guard fstat(descriptor.rawValue, &status) == 0 else { throw .current }
            guard status.st_mode & S_IFMT == S_IFREG else { throw Errno(ENODEV) }
            return try read(from: descriptor, maximumBytes: maximumBytes)
        }
    }

    /// As `read(_:maximumBytes:)`, from a descriptor already open (a pipe, /proc).
    public static func read(from descriptor: FileDescriptor, maximumBytes: Int) throws(Errno) -> SmallFile {
        let wanted = maximumBytes == .max ? maximumBytes : maximumBytes + 1
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: min(wanted, 64 * 1024), alignment: 1)
        defer { chunk.deallocate() }
        var bytes: [UInt8] = []
        while bytes.count < wanted {
            let room = min(chunk.count, wanted - bytes.count)
            let count = try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: chunk[..<room]))
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        let isTruncated = bytes.count > maximumBytes
        if isTruncated { bytes.removeLast(bytes.count - maximumBytes) }
        return SmallFile(bytes: bytes, isTruncated: isTruncated)
    }
}
