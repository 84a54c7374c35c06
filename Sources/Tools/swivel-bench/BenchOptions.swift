import SwivelToolSupport

/// The command line of `swivel-bench`.
struct BenchOptions: Equatable {
    /// Seconds each side of the loop bench runs in total (split into two halves).
    var loopSeconds: Double = 10
    /// The C baseline binary; nil means "look in the default place".
    var cLoopPath: String?
    /// The naive C tick baseline; nil means "the default place, built if missing".
    var cTickPath: String?
    /// The static release daemon the memory and binary benchmarks look at.
    var binaryPath = defaultBinaryPath
    /// The board the daemon runs for the memory benchmark.
    var boardPath = defaultBoardPath
    /// Ticks per timed repetition of the tick benchmark.
    var ticks = 200_000
    /// Repetitions of each timed measurement; the median is reported.
    var repetitions = 5
    /// How long the daemon runs for the memory benchmark.
    var memorySeconds: Double = 5
    /// How long each idle and loaded phase of the link-load benchmark times heartbeats.
    var loadSeconds: Double = 4
    /// Run only the benchmark with this name.
    var only: String?
    /// The tracking benchmark runs only these scenes (all when empty).
    var scenes: [String] = []
    /// The tracking benchmark runs only at these camera latencies, seconds (33, 66 and 100 ms when empty).
    var latencies: [Double] = []
    /// The jittered scenes also run on seeds 1...seeds (their own skipped), at 66 ms.
    var seeds = 8
    var showHelp = false

    static let defaultCLoopPath = "bench/out/nanosleep_loop"
    static let defaultCTickPath = "bench/out/naive_tick"
    static let cTickSource = "bench/c/naive_tick.c"
    static let defaultBinaryPath = "dist/swiveld"
    static let defaultBoardPath = "boards/sim.json5"

    static let usage = """
        usage: swivel-bench [--only NAME] [--loop-seconds N] [--c-loop PATH] [--c-tick PATH]
                            [--ticks N] [--repetitions N] [--binary PATH] [--board FILE]
                            [--memory-seconds N] [--load-seconds N] [--scene NAME]... [--latency MS]...
                            [--seeds N]
          --only NAME          run one benchmark: \(BenchmarkRegistry.names.joined(separator: ", "))
          --loop-seconds N     seconds of 1 kHz loop for each of Swift and C (default 10),
                               run interleaved C, Swift, C, Swift in halves of N/2
          --c-loop PATH        the C baseline built from bench/c/nanosleep_loop.c
                               (default \(defaultCLoopPath))
          --c-tick PATH        the naive C baseline built from \(cTickSource)
                               (default \(defaultCTickPath), compiled with clang -O2 if missing or stale)
          --ticks N            ticks per timed repetition of the tick benchmark (default 200000)
          --repetitions N      repetitions of each timed figure; the median is printed (default 5)
          --binary PATH        the static release daemon, for memory, binary and link-load (default \(defaultBinaryPath))
          --board FILE         the board the daemon runs for memory (default \(defaultBoardPath))
          --memory-seconds N   how long the daemon runs for memory (default 5)
          --load-seconds N     how long each idle and loaded phase of link-load times heartbeats (default 4)
          --scene NAME         tracking: run only this scene of scenes/ (repeatable; default all shipped)
          --latency MS         tracking: run only at this nominal camera latency (repeatable; default 33, 66, 100)
          --seeds N            tracking: the jittered scenes also on seeds 1...N at 66 ms, their
                               targets counted per seed (default 8; 0 skips)
        Measures and prints; never asserts. Absolute numbers depend on the machine.
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions {
        var options = BenchOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                options.showHelp = true
            case "--loop-seconds":
                options.loopSeconds = try seconds(after: argument, in: &remaining)
            case "--memory-seconds":
                options.memorySeconds = try seconds(after: argument, in: &remaining)
            case "--load-seconds":
                options.loadSeconds = try seconds(after: argument, in: &remaining)
            case "--c-loop":
                options.cLoopPath = try value(after: argument, in: &remaining)
            case "--c-tick":
                options.cTickPath = try value(after: argument, in: &remaining)
            case "--binary":
                options.binaryPath = try value(after: argument, in: &remaining)
            case "--board":
                options.boardPath = try value(after: argument, in: &remaining)
            case "--ticks":
                options.ticks = try count(after: argument, in: &remaining, range: 1_000...100_000_000)
            case "--repetitions":
                options.repetitions = try count(after: argument, in: &remaining, range: 1...101)
            case "--seeds":
                options.seeds = try count(after: argument, in: &remaining, range: 0...64)
            case "--scene":
                options.scenes.append(try value(after: argument, in: &remaining))
            case "--latency":
                let text = try value(after: argument, in: &remaining)
                guard let ms = Double(text), ms.isFinite, ms >= 0, ms <= 1_000 else {
                    throw UsageError("--latency needs milliseconds in [0, 1000], got \"\(text)\"")
                }
                options.latencies.append(ms / 1000)
            case "--only":
                let name = try value(after: argument, in: &remaining)
                guard BenchmarkRegistry.names.contains(name) else {
                    throw UsageError(
                        "no benchmark named \"\(name)\"; known: \(BenchmarkRegistry.names.joined(separator: ", "))")
                }
                options.only = name
            default:
                throw UsageError("unknown argument \"\(argument)\"")
            }
        }
        return options
    }

    private static func value(after option: String, in remaining: inout ArraySlice<String>) throws(UsageError) -> String {
        guard let value = remaining.popFirst() else {
            throw UsageError("\(option) needs a value")
        }
        return value
    }

    private static func seconds(after option: String, in remaining: inout ArraySlice<String>) throws(UsageError) -> Double {
        let text = try value(after: option, in: &remaining)
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3_600 else {
            throw UsageError("\(option) needs a number of seconds in (0, 3600], got \"\(text)\"")
        }
        return seconds
    }

    private static func count(
        after option: String, in remaining: inout ArraySlice<String>, range: ClosedRange<Int>
    ) throws(UsageError) -> Int {
        let text = try value(after: option, in: &remaining)
        guard let count = Int(text), range.contains(count) else {
            throw UsageError("\(option) needs a whole number in \(range.lowerBound)...\(range.upperBound), got \"\(text)\"")
        }
        return count
    }
}
