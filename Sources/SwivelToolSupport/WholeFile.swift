#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file or a descriptor read to its end, for the tools (swivel-bench,
/// swivel-fuzz, swivel-soak): seed files, /proc entries, logs, a child's output.
public enum WholeFile {
    /// Every byte of the file at `path`; nil when it cannot be opened or a read fails.
    public static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let contents = readToEnd(descriptor)
        return contents.complete ? contents.bytes : nil
    }

    /// The file at `path` as UTF-8 (malformed bytes replaced); nil as for `read`.
    public static func readText(_ path: String) -> String? {
        read(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Reads `descriptor` until end of file, retrying on EINTR. When a read
    /// fails first, `complete` is false and `bytes` holds what came before it
    /// (a child's output up to the failure is still worth showing).
    public static func readToEnd(_ descriptor: Int32) -> (bytes: [UInt8], complete: Bool) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += chunk[0..<count]
            } else if count == 0 {
                return (bytes, true)
            } else if errno != EINTR {
                return (bytes, false)
            }
        }
    }
}

/// read(2), out of the way of `WholeFile.read`'s name.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
