#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// Standard output and error without Foundation, as raw writes: naming C's
/// `stdout` is a data race in Swift 6, and unbuffered lines keep output and
/// errors in order when both go to one place.
enum Console {
    static func out(_ text: String) { write(text + "\n", to: .standardOutput) }

    /// Without a newline: a prompt, or a line redrawn in place.
    static func write(_ text: String) { write(text, to: .standardOutput) }

    static func error(_ text: String) { StandardError.write(text + "\n") }

    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    private static func write(_ text: String, to descriptor: FileDescriptor) {
        var text = text
        // A closed pipe: nobody is reading, so there is nobody to tell.
        text.withUTF8 { bytes in try? descriptor.writeAll(UnsafeRawBufferPointer(bytes)) }
    }
}

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
