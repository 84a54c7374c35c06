/// One thing `swivel-bench` measures. Add a benchmark by writing a type in its own
/// file and listing it in `BenchmarkRegistry.all`.
protocol Benchmark: Sendable {
    /// What `--only` selects.
    var name: String { get }
    /// One line shown before it runs.
    var summary: String { get }
    func run(_ options: BenchOptions) throws(BenchFailure) -> BenchReport
}

enum BenchmarkRegistry {
    static let all: [any Benchmark] = [
        WakeLatencyBenchmark(),
        TickBenchmark(),
        StepsBenchmark(),
        StepTimingBenchmark(),
        MemoryBenchmark(),
        BinaryBenchmark(),
        AllocationBenchmark(),
        LinkRoundTripBenchmark(),
        LinkLoadBenchmark(),
        LinkBusyBenchmark(),
        DecoderBenchmark(),
        WireToStepBenchmark(),
        TrackingBenchmark(),
    ]

    static var names: [String] { all.map(\.name) }

    static func selected(by options: BenchOptions) -> [any Benchmark] {
        guard let only = options.only else { return all }
        return all.filter { $0.name == only }
    }
}

/// A benchmark that could not measure (a missing binary, a crashed subprocess):
/// reported, never confused with a slow result.
struct BenchFailure: Error, CustomStringConvertible {
    var reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}
