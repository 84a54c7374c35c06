#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct TestSetupError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A fresh directory under /tmp, removed with everything in it by `remove()`.
/// Kept short: a Unix socket path must fit in about 100 bytes.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/swports-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TestSetupError("mkdtemp: errno \(errno)") }
        path = String(cString: made)
    }

    deinit { remove() }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    func remove() {
        removeTree(path)
    }

    private func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR {
            if let directory = opendir(path) {
                var names: [String] = []
                while let entry = readdir(directory) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    if name != "." && name != ".." { names.append(name) }
                }
                closedir(directory)
                for name in names { removeTree("\(path)/\(name)") }
            }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Writes `text` to a regular file in the directory.
    @discardableResult
    func writeFile(_ name: String, _ text: String) throws -> String {
        let path = file(name)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw TestSetupError("create \(path): errno \(errno)") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw TestSetupError("write \(path)") }
        return path
    }
}

/// What lstat says sits at `path`, in the test's own words.
enum PathKind: Equatable { case missing, symlink, socket, regularFile, directory, other }

func pathKind(_ path: String) -> PathKind {
    var status = stat()
    guard lstat(path, &status) == 0 else { return .missing }
    switch status.st_mode & S_IFMT {
    case S_IFLNK: return .symlink
    case S_IFSOCK: return .socket
    case S_IFREG: return .regularFile
    case S_IFDIR: return .directory
    default: return .other
    }
}

func symlinkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4_096)
    let length = readlink(path, &buffer, 4_095)
    guard length >= 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
