/// swiveld's command line.
struct Options: Equatable {
    var boardPath: String?
    var durationSeconds: Double?
    var playDemo = true
    var verbose = false
    var showHelp = false
    var showVersion = false
    /// nil: the board's host serial entry. "none" disables it.
    var serial: String?
    var baudRate: Int?
    var ptyLink: String?
    /// nil: the board's vision serial entry. "none" disables it.
    var vision: String?
    var visionLink: String?
    /// nil: scenes/walk.json5 on a simulated board when it exists. "none" disables it.
    var scene: String?
    /// nil: the default for the backend. "none" disables it.
    var socketPath: String?
    /// nil: $STATE_DIRECTORY or /var/lib/swivel on real hardware, none on a simulated board.
    var stateDirectory: String?
    /// Socket sessions open at once; nil: `LinkConfiguration.defaultMaximumSessions`.
    var maximumSessions: Int?

    /// The longest `--duration`: far beyond any soak test (a longer run needs
    /// no `--duration`), and its nanoseconds fit an Int64 with room to spare.
    static let longestDurationSeconds = 10_000_000.0

    /// `durationSeconds` in nanoseconds; in range by `parse`.
    var durationNanoseconds: Int64? {
        durationSeconds.map { Int64((min($0, Self.longestDurationSeconds) * 1e9).rounded()) }
    }

    /// Where an installed stand keeps its board file: the default of `--board`.
    static let installedBoardPath = "/etc/swivel/board.json5"

    /// Bare `swiveld` on a machine with no installed board is most often a first
    /// try from the repository: say how to run the simulated stand.
    static let noInstalledBoard = """
        no board file at \(installedBoardPath) (the default of --board): to run the simulated \
        stand from the repository, `swiveld --board boards/sim.json5` (or `make run`); to install \
        a board for real hardware, see boards/README.md
        """

    static let usage = """
        usage: swiveld [--board FILE] [--duration SECONDS] [--no-demo] [--verbose]
                       [--serial pty|DEVICE|none] [--baud N] [--pty-link PATH] [--socket PATH|none]
                       [--state-dir DIR|none] [--vision pty|DEVICE|none] [--vision-link PATH] [--scene FILE|none]
                       [--max-sessions N]
               swiveld check-board FILE
               swiveld --help | --version

        Runs a Swivel stand until a terminating signal (SIGINT, SIGTERM, SIGHUP, ...),
        then decelerates it to a stop, disables the motor drivers and exits 0.
        `check-board FILE` only validates a board file, touching no hardware: exit 0
        valid, 65 problems, 66 unreadable.
        On a terminal, a simulated board's buttons are pressed with keys: s shutter,
        f flip, + and - zoom, t tracking, 1...9 the button with that id (the status
        line lists them).

          --board FILE        the board file (default: /etc/swivel/board.json5; the simulated
                              stand is boards/sim.json5)
          --duration SECONDS  stop by itself after this long (at most 10000000), then print a summary
          --no-demo           on a simulated board, hold still instead of playing the demo
          --verbose           log debug lines too
          --serial pty|DEVICE|none
                              the host serial link (default: the board's `serial` entry
                              with role "host"); pty creates a pseudo-terminal pair
          --baud N            its baud rate (default: the board's, else 921600)
          --pty-link PATH     where to link a pty's host side (default /tmp/swivel-host)
          --vision pty|DEVICE|none
                              the on-board vision link (default: the board's `serial` entry
                              with role "vision")
          --vision-link PATH  where to link its pty (default /tmp/swivel-vision on a
                              simulated board, /run/swivel/vision otherwise)
          --scene FILE|none   on a simulated board, a simulated camera plays this scene over
                              the vision link (default scenes/walk.json5, when it exists);
                              with a scene the stand tracks instead of playing the demo
                              (and presses the buttons its buttonPresses name)
          --socket PATH|none  the local control socket (default /tmp/swivel.sock on a
                              simulated board, /run/swivel/swivel.sock otherwise)
          --state-dir DIR|none
                              where the stand keeps its UUID (file device-uuid, made once);
                              default $STATE_DIRECTORY, else /var/lib/swivel; none on a
                              simulated board, whose UUID comes from /etc/machine-id
          --max-sessions N    socket sessions open at once (default 64, 1...4096); further
                              connections are answered ERR busy and closed
        """

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--board":
                guard let value = rest.popFirst() else { throw UsageError(description: "--board needs a file") }
                options.boardPath = value
            case "--duration":
                guard let value = rest.popFirst() else { throw UsageError(description: "--duration needs a number of seconds") }
                guard let seconds = Double(value), seconds > 0, seconds <= longestDurationSeconds else {
                    throw UsageError(description:
                        "--duration must be a positive number of seconds, at most \(Int(longestDurationSeconds)) (about 116 days), got '\(value)'")
                }
                options.durationSeconds = seconds
            case "--serial":
                guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError(description: "--serial needs pty, a device path or none") }
                options.serial = value
            case "--baud":
                guard let value = rest.popFirst(), let rate = Int(value), rate > 0 else {
                    throw UsageError(description: "--baud needs a positive whole number")
                }
                options.baudRate = rate
            case "--pty-link":
                guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError(description: "--pty-link needs a path") }
                options.ptyLink = value
            case "--vision":
                guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError(description: "--vision needs pty, a device path or none") }
                options.vision = value
            case "--vision-link":
                guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError(description: "--vision-link needs a path") }
                options.visionLink = value
            case "--scene":
                guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError(description: "--scene needs a file or none") }
                options.scene = value
            case "--socket":
                guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError(description: "--socket needs a path or none") }
                options.socketPath = value
            case "--state-dir":
                guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError(description: "--state-dir needs a directory or none") }
                options.stateDirectory = value
            case "--max-sessions":
                guard let value = rest.popFirst(), let count = Int(value), (1...4096).contains(count) else {
                    throw UsageError(description: "--max-sessions needs a whole number from 1 to 4096")
                }
                options.maximumSessions = count
            case "--no-demo": options.playDemo = false
            case "--verbose", "-v": options.verbose = true
            case "--help", "-h": options.showHelp = true
            case "--version": options.showVersion = true
            default: throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
        return options
    }
}
