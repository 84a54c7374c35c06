import SwivelToolSupport

/// swivel-soak's command line.
struct SoakOptions: Equatable {
    var seconds = 600.0
    var daemonPath = ".build/release/swiveld"
    var boardPath = "boards/sim.json5"
    var sessions = 8
    var seed: UInt64?
    var excluded: Set<Traffic> = []
    var workDirectory: String?
    var showHelp = false

    /// What the sessions send and do; each can be left out with --exclude.
    enum Traffic: String, CaseIterable, Sendable {
        /// Velocity, orientation (vector, quaternion, relative), animate, stop, cancel, get-state, tracking on/off.
        case motion
        /// SET_LIMITS valid and invalid, RESET_LIMITS.
        case limits
        /// TRACK batches, framing mode, region of interest, subject selection.
        case tracking
        /// Values far outside any use: 1e17 rad/s, FLT_MAX and NaN durations, subnormal speeds and sizes…
        case absurd
        /// Bad lengths, unknown ids, wrong direction, other versions, bad checksums, garbage, oversize runs.
        case malformed
        /// Commands before HELLO, HELLO again, retransmissions, a sequence number reused for a new command.
        case misuse
        /// Sessions that connect, dock, leave at once, or drop the connection mid-frame.
        case churn
        /// Sessions that go quiet past the heartbeat timeout, then talk again.
        case silence
        /// One session on the board's serial link (the pty) instead of the socket.
        case serial
    }

    static let usage = """
        usage: swivel-soak [--seconds N] [--daemon PATH] [--board FILE] [--sessions N] [--seed N]
                           [--exclude KIND[,KIND…]] [--work-dir DIR]

        Starts the daemon on a simulated board with private socket and pty paths, runs N
        sessions sending random valid and invalid commands for the time given, and checks
        from the outside: every MOTION_STATE against the board's caps (position, speed,
        acceleration), every command from a well-behaved session answered, the daemon's
        RSS and open descriptors over time, its loop overruns and a clean exit on SIGTERM.
        Prints the figures; exits 1 when a check failed, 2 on a usage error.

          --seconds N      how long the sessions run (default 600)
          --daemon PATH    the swiveld to run (default .build/release/swiveld)
          --board FILE     a simulated board (default boards/sim.json5)
          --sessions N     sessions besides the checker's own (default 8)
          --seed N         the seed of every random choice (default: random, printed)
          --exclude KINDS  leave out traffic: \(Traffic.allCases.map(\.rawValue).joined(separator: ", "))
          --work-dir DIR   where the socket, ptys and the daemon's log go (default: a new
                           directory under $TMPDIR or /tmp, kept when a check fails)
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> SoakOptions {
        var options = SoakOptions()
        var rest = arguments[...]
        func value(_ name: String) throws(UsageError) -> String {
            guard let value = rest.popFirst() else { throw UsageError("\(name) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--seconds":
                let text = try value(argument)
                guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 7 * 86_400 else {
                    throw UsageError("--seconds must be a number of seconds above 0 and at most a week, got '\(text)'")
                }
                options.seconds = seconds
            case "--daemon": options.daemonPath = try value(argument)
            case "--board": options.boardPath = try value(argument)
            case "--sessions":
                let text = try value(argument)
                guard let count = Int(text), (1...200).contains(count) else {
                    throw UsageError("--sessions must be 1…200, got '\(text)'")
                }
                options.sessions = count
            case "--seed":
                let text = try value(argument)
                guard let seed = UInt64(text) else { throw UsageError("--seed must be a whole number, got '\(text)'") }
                options.seed = seed
            case "--exclude":
                for name in try value(argument).split(separator: ",") {
                    guard let kind = Traffic(rawValue: String(name)) else {
                        throw UsageError("--exclude: unknown kind '\(name)'; kinds: \(Traffic.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    options.excluded.insert(kind)
                }
            case "--work-dir": options.workDirectory = try value(argument)
            case "--help", "-h": options.showHelp = true
            default: throw UsageError("unknown argument '\(argument)'")
            }
        }
        return options
    }

    func allows(_ traffic: Traffic) -> Bool { !excluded.contains(traffic) }
}
