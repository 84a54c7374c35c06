/// swiveld's command line.
struct Options: Equatable {
    var boardPath: String?
    var durationSeconds: Double?
    var playDemo = true
    var verbose = false
    var showHelp = false
    var showVersion = false

    static let usage = """
        usage: swiveld [--board FILE] [--duration SECONDS] [--no-demo] [--verbose]
               swiveld --help | --version

        Runs a Swivel stand until SIGINT or SIGTERM, then decelerates it to a stop,
        disables the motor drivers and exits 0.

          --board FILE        the board file (default: /etc/swivel/board.json5)
          --duration SECONDS  stop by itself after this long, then print a summary
          --no-demo           on a simulated board, hold still instead of playing the demo
          --verbose           log debug lines too
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
                guard let seconds = Double(value), seconds.isFinite, seconds > 0 else {
                    throw UsageError(description: "--duration must be a positive number of seconds, got '\(value)'")
                }
                options.durationSeconds = seconds
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
