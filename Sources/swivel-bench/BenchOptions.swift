/// The command line of `swivel-bench`.
struct BenchOptions: Equatable {
    /// Seconds each side of the loop bench runs in total (split into two halves).
    var loopSeconds: Double = 10
    /// The C baseline binary; nil means "look in the default place".
    var cLoopPath: String?
    /// Run only the benchmark with this name.
    var only: String?
    var showHelp = false

    static let defaultCLoopPath = "bench/out/nanosleep_loop"

    static let usage = """
        usage: swivel-bench [--loop-seconds N] [--c-loop PATH] [--only NAME]
          --loop-seconds N  seconds of 1 kHz loop for each of Swift and C (default 10),
                            run interleaved C, Swift, C, Swift in halves of N/2
          --c-loop PATH     the C baseline built from bench/c/nanosleep_loop.c
                            (default \(defaultCLoopPath))
          --only NAME       run one benchmark: \(BenchmarkRegistry.names.joined(separator: ", "))
        Measures and prints; never asserts. Absolute numbers depend on the machine.
        """

    static func parse(_ arguments: [String]) throws(BenchUsageError) -> BenchOptions {
        var options = BenchOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                options.showHelp = true
            case "--loop-seconds":
                let text = try value(after: argument, in: &remaining)
                guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3_600 else {
                    throw BenchUsageError("--loop-seconds needs a number of seconds in (0, 3600], got \"\(text)\"")
                }
                options.loopSeconds = seconds
            case "--c-loop":
                options.cLoopPath = try value(after: argument, in: &remaining)
            case "--only":
                let name = try value(after: argument, in: &remaining)
                guard BenchmarkRegistry.names.contains(name) else {
                    throw BenchUsageError(
                        "no benchmark named \"\(name)\"; known: \(BenchmarkRegistry.names.joined(separator: ", "))")
                }
                options.only = name
            default:
                throw BenchUsageError("unknown argument \"\(argument)\"")
            }
        }
        return options
    }

    private static func value(after option: String, in remaining: inout ArraySlice<String>) throws(BenchUsageError) -> String {
        guard let value = remaining.popFirst() else {
            throw BenchUsageError("\(option) needs a value")
        }
        return value
    }
}

struct BenchUsageError: Error, Equatable, CustomStringConvertible {
    var reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}
