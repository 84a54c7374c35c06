import SwivelRuntime
import SwivelToolSupport

/// One run of bench/c/nanosleep_loop, parsed from its one-line report.
struct CLoopRun {
    var wakeLatency: LatencyHistogram
    var ticks: UInt64
    var overruns: UInt64
    var skippedDeadlines: UInt64
    var fifoGranted: Bool
    var memoryLocked: Bool
    /// The percentiles the C program computed itself, to cross-check the layouts.
    var reportedP50Nanoseconds: Int64
    var reportedP99Nanoseconds: Int64

    static func run(
        path: String, seconds: Double, periodNanoseconds: Int64, priority: Int32
    ) throws(ToolFailure) -> CLoopRun {
        let result = try Subprocess.run(
            path,
            arguments: [
                "--seconds", "\(seconds)", "--period-ns", "\(periodNanoseconds)", "--priority", "\(priority)",
            ])
        guard result.exitCode == 0 else {
            let how = result.signal.map { "was killed by signal \($0)" } ?? "exited with \(result.exitCode ?? -1)"
            throw ToolFailure("\(path) \(how)")
        }
        guard let line = result.standardOutput.split(separator: "\n").first(where: { $0.hasPrefix("wake_ns ") }) else {
            throw ToolFailure("\(path) printed no \"wake_ns\" line; is it built from bench/c/nanosleep_loop.c?")
        }
        return try parse(line)
    }

    static func parse(_ line: Substring) throws(ToolFailure) -> CLoopRun {
        var fields: [Substring: Substring] = [:]
        for token in line.split(separator: " ").dropFirst() {
            guard let equals = token.firstIndex(of: "=") else {
                throw ToolFailure("malformed field \"\(token)\" in the C baseline's report")
            }
            fields[token[..<equals]] = token[token.index(after: equals)...]
        }
        func integer(_ key: Substring) throws(ToolFailure) -> Int64 {
            guard let text = fields[key], let value = Int64(text) else {
                throw ToolFailure("the C baseline's report lacks an integer \(key)=")
            }
            return value
        }
        func count(_ key: Substring) throws(ToolFailure) -> UInt64 {
            guard let text = fields[key], let value = UInt64(text) else {
                throw ToolFailure("the C baseline's report lacks a count \(key)=")
            }
            return value
        }

        var buckets: [(bucket: Int, count: UInt64)] = []
        for entry in (fields["buckets"] ?? "").split(separator: ",") {
            let parts = entry.split(separator: ":")
            guard parts.count == 2, let bucket = Int(parts[0]), let bucketCount = UInt64(parts[1]) else {
                throw ToolFailure("malformed bucket \"\(entry)\" in the C baseline's report")
            }
            buckets.append((bucket, bucketCount))
        }
        let sum = try integer("sum")
        let max = try integer("max")
        let histogram: LatencyHistogram
        do throws(LatencyHistogramError) {
            histogram = try LatencyHistogram(bucketCounts: buckets, sumNanoseconds: sum, maxNanoseconds: max)
        } catch {
            throw ToolFailure("the C baseline's histogram does not fit LatencyHistogram: \(error.reason)")
        }
        return CLoopRun(
            wakeLatency: histogram,
            ticks: try count("ticks"),
            overruns: try count("overruns"),
            skippedDeadlines: try count("skipped"),
            fifoGranted: try integer("fifo") == 1,
            memoryLocked: try integer("mlock") == 1,
            reportedP50Nanoseconds: try integer("p50"),
            reportedP99Nanoseconds: try integer("p99"))
    }
}
