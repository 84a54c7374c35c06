#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Single keys from the daemon's terminal (`make run`), read without waiting
/// for Enter and without echo. Ctrl-C still raises SIGINT (ISIG stays on).
/// The terminal's settings are put back by `restore()`, which the daemon
/// calls on its way out.
final class KeyInput {
    private var saved: termios?

    /// nil unless standard input and output are both a terminal: keys typed
    /// into a pipe or a log would be nobody's.
    init?() {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        saved = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &settings) == 0 else { return nil }
    }

    /// The keys typed since the last call; never blocks (VMIN 0, VTIME 0).
    func read() -> [Character] {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { buffer in
            #if canImport(Glibc)
            Glibc.read(STDIN_FILENO, buffer.baseAddress, buffer.count)
            #else
            Darwin.read(STDIN_FILENO, buffer.baseAddress, buffer.count)
            #endif
        }
        guard count > 0 else { return [] }
        return bytes[0..<count].filter { $0 < 0x80 }.map { Character(Unicode.Scalar($0)) }
    }

    func restore() {
        guard var settings = saved else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        saved = nil
    }

    deinit { restore() }
}
