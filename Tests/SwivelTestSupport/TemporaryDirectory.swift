#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory under /tmp, removed with everything in it by `remove()`
/// (or when dropped). Kept short: a Unix socket path must fit in about 100 bytes.
public final class TemporaryDirectory {
    public let path: String

    public init(prefix: String = "swtest") throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TestSetupError("mkdtemp: errno \(errno)") }
        path = String(cString: made)
    }

    deinit { remove() }

    public func file(_ name: String) -> String { "\(path)/\(name)" }

    public func remove() {
        Self.removeTree(path)
    }

    private static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
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
    }

    /// Writes `text` to a regular file in the directory and returns its path.
    @discardableResult
    public func writeFile(_ name: String, _ text: String) throws -> String {
        let path = file(name)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw TestSetupError("create \(path): errno \(errno)") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw TestSetupError("write \(path)") }
        return path
    }
}
