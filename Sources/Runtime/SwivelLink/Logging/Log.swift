#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import Synchronization

/// Leveled, one-line-per-event logging to stderr, for people and for journald.
///
/// Under systemd (JOURNAL_STREAM is set) each line starts with the syslog
/// priority as `<N>`, which journald turns into the entry's level; on a terminal
/// it starts with the level's name. Never call this from the real-time tick:
/// it formats strings and takes the console's lock.
public enum Log {
    public enum Level: Int, Sendable, Comparable {
        case error = 3
        case warning = 4
        case notice = 5
        case info = 6
        case debug = 7

        var name: String {
            switch self {
            case .error: "error"
            case .warning: "warning"
            case .notice: "notice"
            case .info: "info"
            case .debug: "debug"
            }
        }

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    private static let threshold = Atomic<Int>(Level.info.rawValue)
    private static let journald = getenv("JOURNAL_STREAM") != nil

    /// Lines at `level` and more severe are written; `--verbose` sets `.debug`.
    public static func setThreshold(_ level: Level) { threshold.store(level.rawValue, ordering: .relaxed) }

    public static func isEnabled(_ level: Level) -> Bool { level.rawValue <= threshold.load(ordering: .relaxed) }

    public static func error(_ message: @autoclosure () -> String) { write(.error, message) }
    public static func warning(_ message: @autoclosure () -> String) { write(.warning, message) }
    public static func notice(_ message: @autoclosure () -> String) { write(.notice, message) }
    public static func info(_ message: @autoclosure () -> String) { write(.info, message) }
    public static func debug(_ message: @autoclosure () -> String) { write(.debug, message) }

    /// Queued for the console's writer thread: a stalled stderr makes a
    /// line dropped (and counted), never a caller that waits (`Console`).
    private static func write(_ level: Level, _ message: () -> String) {
        guard isEnabled(level) else { return }
        Console.shared.write(.error, format(level, message()))
    }

    /// One event as one line, with its level the way the reader wants it.
    static func format(_ level: Level, _ message: String) -> String {
        let prefix = journald ? "<\(level.rawValue)>" : "swiveld: \(level.name): "
        // Keep an event on one line whatever the message holds.
        return prefix + message.replacing("\n", with: " ") + "\n"
    }
}
