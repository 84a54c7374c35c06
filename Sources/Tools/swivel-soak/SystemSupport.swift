#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import SwivelToolSupport

func describeErrno(_ code: Int32) -> String {
    strerror(code).map { String(cString: $0) } ?? "errno \(code)"
}

enum Files {
    /// The names in a directory, "." and ".." left out; nil when it cannot be read.
    static func names(in path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// A new private directory under $TMPDIR (or /tmp).
    static func makeTemporaryDirectory(prefix: String) throws(ToolFailure) -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/" + prefix + ".XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard let made else { throw ToolFailure("cannot make a directory under \(base): \(describeErrno(errno))") }
        return String(cString: made)
    }

    static func removeTree(_ path: String) {
        for name in names(in: path) ?? [] { unlink(path + "/" + name) }
        rmdir(path)
    }
}

func sleepNanoseconds(_ nanoseconds: Int64) {
    DeadlineSleep.until(nanoseconds: MonotonicTime.nanoseconds() + nanoseconds)
}

/// A line on standard output at once: print's buffer would hold a soak's
/// progress lines until it exits when the output is a file or a pipe.
func say(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in try? FileDescriptor.standardOutput.writeAll(UnsafeRawBufferPointer(bytes)) }
}
