#if os(Linux)
import Glibc
import SwivelPOSIX

/// One sysfs attribute kept open for the life of a channel. Writes format
/// the number into a buffer allocated once and go out in one `pwrite(2)`,
/// so a tick can write with no allocation and no open/close.
///
/// Offset 0 every time: sysfs ignores the offset and takes each write as a
/// whole value; a regular file standing in for it (tests) then holds the
/// latest value at its start.
final class SysfsAttribute {
    let path: String
    /// -1 once closed.
    private var descriptor: FileDescriptor
    private let text: UnsafeMutablePointer<UInt8>
    /// Sign, 19 digits, newline.
    private static let textCapacity = 21

    init(path: String) throws(Errno) {
        descriptor = try FileDescriptor.open(path, .readWrite)
        self.path = path
        text = .allocate(capacity: Self.textCapacity)
        text.initialize(repeating: 0, count: Self.textCapacity)
    }

    deinit {
        close()
        text.deallocate()
    }

    func close() {
        guard descriptor.rawValue >= 0 else { return }
        try? descriptor.close()
        descriptor = FileDescriptor(rawValue: -1)
    }

    /// Real-time path. Returns 0, or the errno of the failed write.
    func write(_ value: Int64) -> Int32 {
        guard descriptor.rawValue >= 0 else { return EBADF }
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
        do throws(Errno) {
            let written = try descriptor.write(UnsafeRawBufferPointer(start: text + position, count: length), atOffset: 0)
            return written == length ? 0 : EIO
        } catch {
            return error.code
        }
    }

    enum ReadError: Error, Equatable {
        case system(Errno)
        /// The file's text, which is not a decimal integer.
        case notANumber(String)
    }

    /// The integer the attribute holds now.
    func readInteger() throws(ReadError) -> Int64 {
        var buffer = [UInt8](repeating: 0, count: 64)
        let read = buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(Errno) in try descriptor.read(into: bytes, atOffset: 0) }
        }
        let length: Int
        switch read {
        case .success(let count): length = count
        case .failure(let failure): throw .system(failure)
        }
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
