import SwivelToolSupport

/// One thing `swivel-bench` measures. Add a benchmark by writing a type in its own
/// file and listing it in `BenchmarkRegistry.all`.
protocol Benchmark: Sendable {
    /// What `--only` selects.
    var name: String { get }
    /// One line shown before it runs.
    var summary: String { get }
    /// Throws when it could not measure (a missing binary, a crashed
    /// subprocess): reported, never confused with a slow result.
    func run(_ options: BenchOptions) throws(ToolFailure) -> BenchReport
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
