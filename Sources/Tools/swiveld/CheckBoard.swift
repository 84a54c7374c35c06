#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelBoard
import SwivelPOSIX
import SwivelRuntime

/// `swiveld check-board FILE`: loads and validates a board file exactly as the
/// daemon does at start, and stops there: no GPIO chip, PWM or serial port is
/// opened, so it runs on any machine (a laptop before copying the file to the Pi).
enum CheckBoard {
    static let exitValid: Int32 = 0
    /// EX_DATAERR: the file was read and is wrong.
    static let exitInvalid: Int32 = 65
    /// EX_NOINPUT: the file is missing, unreadable or not a regular file.
    static let exitNoInput: Int32 = 66

    static let usage = "usage: swiveld check-board FILE"

    static func run(arguments: [String]) -> Int32 {
        guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") || path == "-" else {
            if arguments == ["--help"] || arguments == ["-h"] {
                print(usage + "\n\nValidates a board file without touching hardware: prints every problem with its key path\nand line and exits \(exitInvalid), or one summary line and exits 0; \(exitNoInput) when the file cannot be read.")
                return 0
            }
            StandardError.write("swiveld: check-board needs exactly one board file\n\(usage)\n")
            return Daemon.exitUsage
        }
        if let reason = unreadableReason(path) {
            Log.error("cannot read the board file \(path): \(reason)")
            return exitNoInput
        }
        do {
            let board = try BoardLoader.load(contentsOf: path)
            for warning in board.warnings { Log.warning("\(path): \(warning)") }
            // The signals first: the verdict stays the last line, whose end other tools read.
            for signal in board.signalDescriptions { print("\(path): \(signal)") }
            print("\(path): valid: \(summary(board))")
            return exitValid
        } catch {
            Log.error("board \(path) is not valid (\(error.problems.count) problem\(error.problems.count == 1 ? "" : "s")):")
            for problem in error.problems { Log.error("\(path): \(problem)") }
            return exitInvalid
        }
    }

    /// Why `path` cannot be read as a file, told apart from a file that reads
    /// but is wrong, which gets a different exit status.
    static func unreadableReason(_ path: String) -> String? {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, .readOnly)
        } catch {
            return error.reason
        }
        return file.closeAfter {
            var status = stat()
            guard fstat(file.rawValue, &status) == 0 else { return String(cString: strerror(errno)) }
            return status.st_mode & S_IFMT == S_IFREG ? nil : "not a regular file"
        }
    }

    /// One line: what the daemon would drive (its GPIO lines are listed above it).
    static func summary(_ board: Board) -> String {
        var line = "'\(board.name)' (\(board.hardwareModel)), backend \(board.backend.rawValue), chip \(board.gpioChipLabel), \(board.loopRateHz) Hz"
        if let core = board.stepCore { line += ", step thread on CPU \(core)" }
        line += "; axes: \(Daemon.axisSummary(board))"
        let ports = board.serialPorts.map { "\($0.role.rawValue) \($0.device) \($0.baud) baud" }
        line += "; serial: " + (ports.isEmpty ? "none" : ports.joined(separator: ", "))
        if !board.buttons.isEmpty {
            line += "; buttons: " + board.buttons.map { "\($0.name) GPIO\($0.line)" }.joined(separator: ", ")
        }
        let batteries = board.batteries.map(\.name) + (board.simulation?.batteries.map { "\($0.name) (simulated)" } ?? [])
        if !batteries.isEmpty { line += "; batteries: " + batteries.joined(separator: ", ") }
        let homing = board.axes.present.filter { $0.settings.homing != nil }.map(\.axis.description)
        if !homing.isEmpty { line += "; homing: " + homing.joined(separator: ", ") }
        if let vision = board.vision { line += "; vision: " + vision.summary }
        return line
    }
}
