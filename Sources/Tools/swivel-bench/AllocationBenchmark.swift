import SwivelToolSupport

/// Heap allocations made on the real-time thread: the static daemon runs the
/// board twice, for a short and a long time, under an LD_PRELOAD shim
/// (bench/c/alloc_counter.c) that counts malloc-family calls from the thread
/// named swivel-rt. Equal counts mean the steady-state tick allocates nothing;
/// what is counted is start-up.
struct AllocationBenchmark: Benchmark {
    let name = "alloc"
    let summary = "heap allocations on the real-time thread over a short and a long run"

    static let source = "bench/c/alloc_counter.c"
    static let library = "bench/out/alloc_counter.so"
    static let marker = "alloc_counter: swivel-rt thread allocations: "

    func run(_ options: BenchOptions) throws(ToolFailure) -> BenchReport {
        #if os(Linux)
        let note = try CProgramBuild.ensure(binary: Self.library, source: Self.source, flags: ["-shared", "-fPIC"])
        let short = 2.0, long = 8.0
        let shortCount = try count(options, seconds: short)
        let longCount = try count(options, seconds: long)
        var table = ResultTable(columns: ["run", "ticks (approx.)", "allocations on swivel-rt", "target"])
        table.add(["--duration \(Int(short))", "\(Int(short * 1000))", "\(shortCount)", "-"])
        table.add(["--duration \(Int(long))", "\(Int(long * 1000))", "\(longCount)", "-"])
        let perTick = Double(longCount - shortCount) / ((long - short) * 1000)
        table.add(["difference per tick", "", Format.fixed(perTick, decimals: 4), "0"])
        var report = BenchReport(
            header: ["\(options.binaryPath) --board \(options.boardPath) under LD_PRELOAD=\(Self.library); the demo plays (moves, animations, sweeps) and the run ends with a halt."],
            table: table)
        if let note { report.notes.append(note) }
        return report
        #else
        throw ToolFailure("the allocation counter is an LD_PRELOAD shim for glibc; Linux only")
        #endif
    }

    private func count(_ options: BenchOptions, seconds: Double) throws(ToolFailure) -> Int {
        let result = try Subprocess.run(
            "env",
            arguments: ["LD_PRELOAD=" + Self.library, options.binaryPath, "--board", options.boardPath, "--duration", "\(seconds)"],
            searchPath: true, errorOutput: .merge)
        guard result.exitCode == 0 else {
            throw ToolFailure("\(options.binaryPath) under the allocation counter \(result.howItEnded):\n\(result.standardOutput)")
        }
        for line in result.standardOutput.split(separator: "\n") where line.hasPrefix(Self.marker) {
            if let value = Int(line.dropFirst(Self.marker.count)) { return value }
        }
        throw ToolFailure("the allocation counter printed no count; output:\n\(result.standardOutput)")
    }
}
