import SwivelRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelToolSupport

/// Wake latency of the 1 kHz loop: Swift's RealtimeLoop with an empty body against
/// the C baseline (bench/c/nanosleep_loop.c), same recipe, same priority, same
/// histogram. The two run interleaved (C, Swift, C, Swift) so that a burst of
/// noise from the shared machine lands on both, and their samples are pooled.
struct WakeLatencyBenchmark: Benchmark {
    let name = "loop"
    let summary = "1 kHz wake latency, Swift RealtimeLoop (empty body) vs C clock_nanosleep loop"

    static let periodNanoseconds: Int64 = 1_000_000
    /// The target: Swift's p99 wake latency within 1.5× the C loop's. Printed, never asserted.
    static let p99TargetRatio = 1.5

    func run(_ options: BenchOptions) throws(ToolFailure) -> BenchReport {
        let halfSeconds = options.loopSeconds / 2
        let cPath = try resolveCPath(options)
        let priority = RealtimeRequest.standard.fifoPriority ?? 49

        var swift = Side()
        var c = Side()
        var privilegeWarningShown = false
        var layoutMismatch: String?
        for _ in 0..<2 {
            if let cPath {
                let run = try CLoopRun.run(
                    path: cPath, seconds: halfSeconds, periodNanoseconds: Self.periodNanoseconds, priority: priority)
                c.add(
                    wakeLatency: run.wakeLatency, ticks: run.ticks, overruns: run.overruns,
                    skippedDeadlines: run.skippedDeadlines, fifoGranted: run.fifoGranted, memoryLocked: run.memoryLocked)
                if run.wakeLatency.percentileNanoseconds(0.5) != run.reportedP50Nanoseconds
                    || run.wakeLatency.percentileNanoseconds(0.99) != run.reportedP99Nanoseconds
                {
                    layoutMismatch = "WARNING: the C baseline's own p50/p99 differ from LatencyHistogram's on the same buckets: rebuild it from bench/c/nanosleep_loop.c."
                }
            }
            let statistics = try runSwiftLoop(seconds: halfSeconds)
            if !privilegeWarningShown, let warning = statistics.privileges?.warning {
                printError("swivel-bench: \(warning)")
                privilegeWarningShown = true
            }
            swift.add(
                wakeLatency: statistics.wakeLatency, ticks: statistics.ticks, overruns: statistics.overruns,
                skippedDeadlines: statistics.skippedDeadlines, fifoGranted: statistics.fifoGranted,
                memoryLocked: statistics.memoryLocked)
        }

        let seconds = Format.fixed(options.loopSeconds, decimals: options.loopSeconds.rounded() == options.loopSeconds ? 0 : 1)
        let halves = Format.fixed(halfSeconds, decimals: halfSeconds.rounded() == halfSeconds ? 0 : 2)
        var report = BenchReport(
            header: [
                "1 kHz loop, \(seconds) s each side, interleaved C/Swift/C/Swift in \(halves) s halves, SCHED_FIFO \(priority) requested.",
                "This machine is a noisy shared VM: absolute latencies swing from run to run; only the Swift/C ratio is meaningful.",
            ],
            table: table(swift: swift, c: cPath == nil ? nil : c))
        report.notes.append("per half, p50 / p99: " + halfSummary("Swift", swift) + (cPath == nil ? "" : "; " + halfSummary("C", c)))
        if cPath == nil {
            report.notes.append(
                "No C baseline at \(BenchOptions.defaultCLoopPath): build it with `clang -O2 -o \(BenchOptions.defaultCLoopPath) bench/c/nanosleep_loop.c` or pass --c-loop PATH.")
        }
        if let layoutMismatch { report.notes.append(layoutMismatch) }
        return report
    }

    private func resolveCPath(_ options: BenchOptions) throws(ToolFailure) -> String? {
        if let path = options.cLoopPath {
            guard access(path, X_OK) == 0 else {
                throw ToolFailure("--c-loop \(path) is not an executable file")
            }
            return path
        }
        return access(BenchOptions.defaultCLoopPath, X_OK) == 0 ? BenchOptions.defaultCLoopPath : nil
    }

    private func runSwiftLoop(seconds: Double) throws(ToolFailure) -> LoopStatistics {
        do throws(RealtimeLoopError) {
            let loop = try RealtimeLoop(periodNanoseconds: Self.periodNanoseconds, request: .standard) { _ in }
            try loop.start()
            sleep(seconds: seconds)
            loop.stop()
            return loop.statistics()
        } catch {
            throw ToolFailure("the Swift loop could not run: \(error.description)")
        }
    }

    private func table(swift: Side, c: Side?) -> ResultTable {
        var table = ResultTable(columns: ["metric", "Swift", "C", "Swift/C", "target"])
        func latencyRow(_ metric: String, target: String = "", _ value: (LatencyHistogram) -> Double) {
            let swiftValue = value(swift.wakeLatency)
            let cValue = c.map { value($0.wakeLatency) }
            table.add([
                metric,
                Format.microseconds(nanoseconds: swiftValue),
                cValue.map { Format.microseconds(nanoseconds: $0) } ?? "-",
                cValue.map { Format.ratio(swiftValue, $0) } ?? "-",
                target,
            ])
        }
        latencyRow("wake p50") { Double($0.percentileNanoseconds(0.5)) }
        latencyRow("wake p99", target: "Swift/C ≤ \(Format.fixed(Self.p99TargetRatio, decimals: 2))") {
            Double($0.percentileNanoseconds(0.99))
        }
        latencyRow("wake max") { Double($0.maxNanoseconds) }
        latencyRow("wake mean") { $0.meanNanoseconds }
        table.add(["ticks", "\(swift.ticks)", c.map { "\($0.ticks)" } ?? "-", "", ""])
        table.add(["overruns", "\(swift.overruns)", c.map { "\($0.overruns)" } ?? "-", "", ""])
        table.add(["skipped deadlines", "\(swift.skippedDeadlines)", c.map { "\($0.skippedDeadlines)" } ?? "-", "", ""])
        table.add(["SCHED_FIFO granted", swift.fifoGranted.label, c?.fifoGranted.label ?? "-", "", ""])
        table.add(["mlockall granted", swift.memoryLocked.label, c?.memoryLocked.label ?? "-", "", ""])
        return table
    }

    private func halfSummary(_ label: String, _ side: Side) -> String {
        label + " "
            + side.halves.map { half in
                Format.microseconds(nanoseconds: half.percentileNanoseconds(0.5)) + " / "
                    + Format.microseconds(nanoseconds: half.percentileNanoseconds(0.99))
            }.joined(separator: ", ")
    }
}

/// One side's runs, pooled.
private struct Side {
    var wakeLatency = LatencyHistogram()
    var halves: [LatencyHistogram] = []
    var ticks: UInt64 = 0
    var overruns: UInt64 = 0
    var skippedDeadlines: UInt64 = 0
    var fifoGranted = Granted.none
    var memoryLocked = Granted.none

    mutating func add(
        wakeLatency half: LatencyHistogram, ticks: UInt64, overruns: UInt64, skippedDeadlines: UInt64,
        fifoGranted: Bool, memoryLocked: Bool
    ) {
        wakeLatency.add(half)
        halves.append(half)
        self.ticks += ticks
        self.overruns += overruns
        self.skippedDeadlines += skippedDeadlines
        self.fifoGranted.include(fifoGranted)
        self.memoryLocked.include(memoryLocked)
    }
}

/// Whether every run, no run or only some runs got a privilege.
private enum Granted {
    case none, yes, no, mixed

    mutating func include(_ granted: Bool) {
        switch (self, granted) {
        case (.none, true), (.yes, true): self = .yes
        case (.none, false), (.no, false): self = .no
        default: self = .mixed
        }
    }

    var label: String {
        switch self {
        case .none: "-"
        case .yes: "yes"
        case .no: "no"
        case .mixed: "some runs"
        }
    }
}
