#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// Small text files through plain libc (no Foundation in the runtime): scene
/// files in, SVG plots out. Failures carry the OS's own reason.
public enum TextFile {
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// Scene files are a few kilobytes; anything past this is not one.
    public static let maximumBytes = 1 << 20

    public static func read(_ path: String) throws(Failure) -> String {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly)
        } catch {
            throw Failure(reason: "cannot open \(path): \(error.reason)")
        }
        let file: SmallFile
        do {
            file = try descriptor.closeAfter { () throws(Errno) in try SmallFile.read(from: descriptor, maximumBytes: maximumBytes) }
        } catch {
            throw Failure(reason: "cannot read \(path): \(error.reason)")
        }
        guard !file.isTruncated else { throw Failure(reason: "\(path) is larger than \(maximumBytes) bytes") }
        let bytes = file.bytes
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Failure(reason: "\(path) is not valid UTF-8") }
        return text
    }

    /// Replaces the file (through a temporary beside it, so a reader never sees half).
    public static func write(_ text: String, to path: String) throws(Failure) {
        let temporary = path + ".tmp"
        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try FileDescriptor.open(temporary, .writeOnly, options: [.create, .truncate], permissions: 0o644)
        } catch {
            throw Failure(reason: "cannot create \(temporary): \(error.reason)")
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { buffer in
            Result { () throws(Errno) in try descriptor.writeAll(buffer) }
        }
        try? descriptor.close()
        if case .failure(let error) = written {
            unlink(temporary)
            throw Failure(reason: "cannot write \(temporary): \(error.reason)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = Errno.current.reason
            unlink(temporary)
            throw Failure(reason: "cannot rename \(temporary) to \(path): \(reason)")
        }
    }
}
