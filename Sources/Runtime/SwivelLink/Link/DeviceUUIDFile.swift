#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import SwivelProtocol

/// Why the device UUID file could not be used.
public struct DeviceIdentityError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

/// The file that keeps a stand's UUID: one line, the UUID in 8-4-4-4-12 hex.
/// Plain libc, like the rest of the identity code (see DeviceIdentity).
enum DeviceUUIDFile {
    static let name = "device-uuid"

    enum ReadResult: Equatable {
        case missing
        case found(WireUUID)
    }

    /// `.missing` only when there is no file; any other failure, and text that
    /// is not a UUID, is an error: a stand whose identity silently changed
    /// would be a new accessory to every host that knew it.
    static func load(_ path: String) throws(DeviceIdentityError) -> ReadResult {
        let file: SmallFile
        do {
            file = try SmallFile.readRegular(path, maximumBytes: 128)
        } catch {
            if error == .noSuchFile { return .missing }
            // A FIFO here once hung start-up, waiting for a writer, with SIGTERM unheard.
            if error.code == ENODEV { throw DeviceIdentityError(path: path, reason: "is not a regular file; remove it") }
            throw DeviceIdentityError(path: path, reason: "cannot read it: \(error.reason)")
        }
        let text = file.text.filter { !$0.isWhitespace }
        guard let uuid = parse(text) else {
            throw DeviceIdentityError(
                path: path,
                reason: "does not hold a UUID (expected one line like 01234567-89AB-CDEF-0123-456789ABCDEF); "
                    + "delete the file to give this stand a new identity")
        }
        // The nil UUID (RFC 9562) names nothing: every stand that lost its file would share it.
        guard uuid != .zero else {
            throw DeviceIdentityError(
                path: path, reason: "holds the all-zero UUID, which is no stand's identity; delete the file to give this stand a new one")
        }
        return .found(uuid)
    }

    /// 8-4-4-4-12 hexadecimal digits, either case.
    static func parse(_ text: String) -> WireUUID? {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return nil }
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in groups.joined() {
            guard let digit = character.hexDigitValue else { return nil }
            if let first = high {
                bytes.append(first << 4 | UInt8(digit))
                high = nil
            } else {
                high = UInt8(digit)
            }
        }
        return WireUUID(bytes: bytes)
    }

    /// The temporary file `writeAtomically` renames into place. One name, no
    /// pid: the daemon holds the state directory's lock while it writes.
    static let temporaryName = ".\(name).tmp"

    /// Writes a temporary file beside `path`, flushes it and renames it over
    /// `path`: a power cut leaves either no file or the whole one.
    static func writeAtomically(_ uuid: WireUUID, to path: String, directory: String) throws(DeviceIdentityError) {
        let temporary = "\(directory)/\(temporaryName)"
        // One a crash left behind; never followed, never a FIFO opened for writing.
        _ = unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw DeviceIdentityError(path: path, reason: "cannot create \(temporary): \(String(cString: strerror(errno)))")
        }
        let bytes = Array("\(uuid)\n".utf8)
        // The umask may have cleared bits of 0644; the mode is part of the format.
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let complete = written == bytes.count && fchmod(descriptor, 0o644) == 0 && fsync(descriptor) == 0
        let code = errno
        close(descriptor)
        guard complete, rename(temporary, path) == 0 else {
            let reason = complete ? String(cString: strerror(errno)) : String(cString: strerror(code))
            unlink(temporary)
            throw DeviceIdentityError(path: path, reason: "cannot write it: \(reason)")
        }
        // The rename is durable once the directory is flushed too.
        let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }
}
