#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a board file with plain libc calls so failures carry the OS's own reason.
enum BoardFileReader {
    static func read(_ path: String) throws(BoardError) -> String {
        func failure(_ reason: String) -> BoardError {
            BoardError(source: path, problems: [BoardProblem(keyPath: "", line: nil, reason: reason)])
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw failure("cannot open the board file: \(errorText(errno))")
        }
        defer { close(descriptor) }

        // One byte past the limit tells "too large" apart from "exactly at the limit".
        let limit = JSON5.defaultMaximumBytes
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress, buffer.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read the board file: \(errorText(errno))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        guard bytes.count <= limit else {
            throw failure("the board file is larger than \(limit) bytes (1 MiB)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw failure("the board file is not valid UTF-8 text")
        }
        return text
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// libc's read(2), named apart from `BoardFileReader.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
