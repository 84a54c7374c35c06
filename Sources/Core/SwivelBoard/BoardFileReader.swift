import SwivelPOSIX

/// Reads a board file with plain libc calls (no Foundation in the firmware),
/// so failures carry the OS's own reason.
enum BoardFileReader {
    static func read(_ path: String) throws(BoardError) -> String {
        func failure(_ reason: String) -> BoardError {
            BoardError(source: path, problems: [BoardProblem(keyPath: "", line: nil, reason: reason)])
        }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly)
        } catch {
            throw failure("cannot open the board file: \(error.reason)")
        }
        let limit = JSON5.defaultMaximumBytes
        let file: SmallFile
        do {
            file = try descriptor.closeAfter { () throws(Errno) in try SmallFile.read(from: descriptor, maximumBytes: limit) }
        } catch {
            throw failure("cannot read the board file: \(error.reason)")
        }
        guard !file.isTruncated else {
            throw failure("the board file is larger than \(limit) bytes (1 MiB)")
        }
        let bytes = file.bytes
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw failure("the board file is not valid UTF-8 text")
        }
        return text
    }
}
