#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and error without Foundation, as raw writes: naming C's
/// `stdout` is a data race in Swift 6, and unbuffered lines keep output and
/// errors in order when both go to one place.
enum Console {
    static func out(_ text: String) { write(text + "\n", to: STDOUT_FILENO) }

    /// Without a newline: a prompt, or a line redrawn in place.
    static func write(_ text: String) { write(text, to: STDOUT_FILENO) }

    static func error(_ text: String) { write(text + "\n", to: STDERR_FILENO) }

    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, base + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                // A closed pipe: nobody is reading, so there is nobody to tell.
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

#if canImport(Glibc)
private func systemWrite(_ fd: Int32, _ buffer: UnsafePointer<UInt8>, _ count: Int) -> Int { Glibc.write(fd, buffer, count) }
#else
private func systemWrite(_ fd: Int32, _ buffer: UnsafePointer<UInt8>, _ count: Int) -> Int { Darwin.write(fd, buffer, count) }
#endif

/// What the process exits with.
enum ExitStatus {
    static let ok: Int32 = 0
    /// The stand refused the command.
    static let refused: Int32 = 1
    /// The stand could not be reached, or the link to it was lost.
    static let unreachable: Int32 = 2
    /// EX_USAGE.
    static let usage: Int32 = 64
}
