#if os(Linux)
import Glibc

/// One sysfs attribute kept open for the life of a channel. Writes format
/// the number into a buffer allocated once and go out in one `pwrite(2)`,
/// so a tick can write with no allocation and no open/close.
///
/// Offset 0 every time: sysfs ignores the offset and takes each write as a
/// whole value; a regular file standing in for it (tests) then holds the
/// latest value at its start.
final class SysfsAttribute {
    let path: String
    private var descriptor: Int32
    private let text: UnsafeMutablePointer<UInt8>
    /// Sign, 19 digits, newline.
    private static let textCapacity = 21

    init(path: String) throws(SystemCallError) {
        let opened = open(path, O_RDWR | O_CLOEXEC)
        guard opened >= 0 else { throw .current }
        self.path = path
        descriptor = opened
        text = .allocate(capacity: Self.textCapacity)
        text.initialize(repeating: 0, count: Self.textCapacity)
    }

    deinit {
        close()
        text.deallocate()
    }

    func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }

    /// Real-time path. Returns 0, or the errno of the failed write.
    func write(_ value: Int64) -> Int32 {
        guard descriptor >= 0 else { return EBADF }
        var position = Self.textCapacity - 1
        text[position] = UInt8(ascii: "\n")
        var magnitude = value.magnitude
        repeat {
            position -= 1
            text[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        if value < 0 {
            position -= 1
            text[position] = UInt8(ascii: "-")
        }
        let length = Self.textCapacity - position
        var written: Int
        repeat {
            written = pwrite(descriptor, text + position, length, 0)
        } while written < 0 && errno == EINTR
        if written < 0 { return errno }
        return written == length ? 0 : EIO
    }

    enum ReadError: Error, Equatable {
        case system(SystemCallError)
        /// The file's text, which is not a decimal integer.
        case notANumber(String)
    }

    /// The integer the attribute holds now.
    func readInteger() throws(ReadError) -> Int64 {
        var buffer = [UInt8](repeating: 0, count: 64)
        let length = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard length >= 0 else { throw .system(.current) }
        let raw = String(decoding: buffer[..<length], as: UTF8.self)
        let trimmed = raw.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard let value = Int64(trimmed.trimmingSpaces) else { throw .notANumber(raw) }
        return value
    }
}

extension String {
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
#endif
