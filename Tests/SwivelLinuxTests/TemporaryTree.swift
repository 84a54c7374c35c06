#if os(Linux)
import Glibc

/// A directory under /tmp that a test fills with files, directories and
/// symlinks, removed when dropped. World-traversable (0755) so a test that
/// drops file permissions to "nobody" is refused by the one file it targets,
/// not by the directories above it.
final class TemporaryTree {
    let path: String

    init(_ prefix: String) throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer -> UnsafeMutablePointer<CChar>? in
            guard let base = buffer.baseAddress else { return nil }
            return mkdtemp(base)
        }
        guard let created else { throw TreeError("mkdtemp failed: errno \(errno)") }
        path = String(cString: created)
        guard Glibc.chmod(path, 0o755) == 0 else { throw TreeError("chmod \(path): errno \(errno)") }
    }

    deinit { Self.remove(path) }

    func url(_ relative: String) -> String { path + "/" + relative }

    func makeDirectory(_ relative: String) throws {
        guard mkdir(url(relative), 0o755) == 0 else { throw TreeError("mkdir \(relative): errno \(errno)") }
    }

    func write(_ relative: String, _ text: String, mode: mode_t = 0o644) throws {
        let descriptor = open(url(relative), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw TreeError("create \(relative): errno \(errno)") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw TreeError("write \(relative): errno \(errno)") }
        guard fchmod(descriptor, mode) == 0 else { throw TreeError("chmod \(relative): errno \(errno)") }
    }

    func symlink(_ relative: String, to target: String) throws {
        guard Glibc.symlink(target, url(relative)) == 0 else { throw TreeError("symlink \(relative): errno \(errno)") }
    }

    func chmod(_ relative: String, _ mode: mode_t) throws {
        guard Glibc.chmod(url(relative), mode) == 0 else { throw TreeError("chmod \(relative): errno \(errno)") }
    }

    /// The whole file, or nil if it cannot be read.
    func contents(_ relative: String) -> String? {
        let descriptor = open(url(relative), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<length], as: UTF8.self)
    }

    /// The first line of a file standing in for a sysfs attribute. Sysfs takes
    /// every write at offset 0 as the whole value; a regular file keeps the
    /// tail of a longer earlier value after the newline, so the first line is
    /// what the kernel would hold.
    func attribute(_ relative: String) -> String? {
        contents(relative).map { text in
            String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        }
    }

    private static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            _ = Glibc.chmod(path, 0o755)
            if let stream = opendir(path) {
                var names: [String] = []
                while let entry = readdir(stream) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    if name != ".", name != ".." { names.append(name) }
                }
                closedir(stream)
                for name in names { remove(path + "/" + name) }
            }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

struct TreeError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
#endif
