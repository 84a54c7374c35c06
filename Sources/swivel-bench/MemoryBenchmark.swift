#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Peak RSS of the static daemon running the board for a few seconds, beside
/// the C loop baseline run for as long at the same time, and this benchmark's
/// own high-water mark for reference.
///
/// Two readings of the child's peak: wait4's ru_maxrss, and the child's own
/// VmHWM polled from /proc until it exits. On Linux ru_maxrss cannot go below
/// the spawning process's RSS: exec folds the old address space's high-water
/// mark into it, and a posix_spawn child execs from ours. So when this process
/// is bigger than the child, ru_maxrss reports us; VmHWM is the child alone.
struct MemoryBenchmark: Benchmark {
    let name = "memory"
    let summary = "peak RSS of the static swiveld running a board, vs the C loop baseline"

    static let mappingsShown = 5
    static let pollSeconds = 0.05
    /// Time for the daemon to decelerate and exit after its --duration.
    static let graceSeconds = 30.0

    func run(_ options: BenchOptions) throws(BenchFailure) -> BenchReport {
        let binary = options.binaryPath
        guard access(binary, X_OK) == 0 else {
            throw BenchFailure("--binary \(binary) is not an executable file; `make release` builds dist/swiveld")
        }
        let seconds = options.memorySeconds
        let secondsText = Format.fixed(seconds, decimals: seconds.rounded() == seconds ? 0 : 1)
        let cLoop = options.cLoopPath ?? BenchOptions.defaultCLoopPath
        let cLoopPresent = access(cLoop, X_OK) == 0
        let ownAtSpawn = ProcessMemory.statusKibibytes("VmHWM", process: "self")

        // Both at once: memory does not mind sharing the machine, and it saves a run.
        let daemon = try Subprocess.spawn(
            binary, arguments: ["--board", options.boardPath, "--duration", secondsText], errorOutput: .merge)
        let baseline = cLoopPresent
            ? try? Subprocess.spawn(cLoop, arguments: ["--seconds", secondsText], errorOutput: .merge) : nil
        let watch = watchUntilExit(daemon: daemon, baseline: baseline, seconds: seconds)

        let daemonResult = try Subprocess.finish(daemon)
        let baselineResult = try baseline.map { child throws(BenchFailure) in try Subprocess.finish(child) }
        guard daemonResult.exitCode == 0 else {
            throw BenchFailure(
                "\(binary) --board \(options.boardPath) --duration \(secondsText) \(daemonResult.howItEnded):\n"
                    + daemonResult.standardOutput)
        }
        let daemonMaximum = Self.kibibytes(rusageMaximum: daemonResult.maximumResidentSetRaw)
        let baselineClean = baselineResult?.exitCode == 0
        let baselineMaximum = baselineClean ? baselineResult.map { Self.kibibytes(rusageMaximum: $0.maximumResidentSetRaw) } : nil
        let baselineHighWater = baselineClean ? watch.baselineHighWater : nil

        var table = ResultTable(columns: ["metric", "swiveld", "C loop", "ratio", "target"])
        table.add([
            "peak RSS (own VmHWM, polled)", watch.daemonHighWater.map(Self.format) ?? "n/a",
            baselineHighWater.map(Self.format) ?? "-",
            Self.ratio(watch.daemonHighWater, baselineHighWater), "≤ 16 MiB",
        ])
        table.add([
            "peak RSS (wait4 ru_maxrss)", Self.format(daemonMaximum), baselineMaximum.map(Self.format) ?? "-",
            Self.ratio(daemonMaximum, baselineMaximum), "≤ 16 MiB",
        ])
        table.add(["swivel-bench VmHWM at spawn (reference)", ownAtSpawn.map(Self.format) ?? "n/a", "-", "-", "-"])

        var report = BenchReport(
            header: [
                "\(binary) --board \(options.boardPath) --duration \(secondsText), with \(cLoopPresent ? "\(cLoop) --seconds \(secondsText)" : "no C loop baseline") alongside; KiB as the kernel counts them (1 MiB = 1024 KiB).",
                "The ru_maxrss row cannot fall below swivel-bench's own RSS at spawn (exec keeps the spawner's high-water mark); the VmHWM row is the child alone.",
            ],
            table: table)
        let summary = daemonResult.standardOutput.split(separator: "\n").filter {
            $0.hasPrefix("swiveld: ran") || $0.contains("SCHED_FIFO")
        }
        if !summary.isEmpty {
            report.notes.append("swiveld said: " + summary.map { $0.trimmingSpaces() }.joined(separator: "; "))
        }
        if !watch.mappings.isEmpty {
            var line = "largest resident mappings of swiveld near the end"
            if let threads = watch.threads {
                line += " (\(threads) threads" + (watch.lockedKibibytes.map { ", VmLck \($0) KiB)" } ?? ")")
            }
            report.notes.append(
                line + ": " + watch.mappings.map { "\($0.residentKibibytes) KiB \($0.label)" }.joined(separator: "; "))
        } else {
            report.notes.append("no /proc/<pid>/smaps to break the figure down (not Linux?).")
        }
        if !cLoopPresent {
            report.notes.append("No C loop baseline at \(cLoop): `make bench` builds it, or pass --c-loop PATH.")
        } else if !baselineClean {
            report.notes.append("The C loop baseline did not finish cleanly; its figures are left out.")
        }
        return report
    }

    private struct Watch {
        var daemonHighWater: Int?
        var baselineHighWater: Int?
        var mappings: [ProcessMemory.Mapping] = []
        var lockedKibibytes: Int?
        var threads: String?
    }

    /// Polls both children's VmHWM until neither has an address space left
    /// (exited; a zombie has none), and looks inside the daemon once, a second
    /// before its run ends, when everything it maps is mapped.
    private func watchUntilExit(daemon: Subprocess.Running, baseline: Subprocess.Running?, seconds: Double) -> Watch {
        var watch = Watch()
        let daemonPid = "\(daemon.pid)"
        let baselinePid = baseline.map { "\($0.pid)" }
        let started = monotonicNanoseconds()
        let lookAt = Int64(max(0.5, seconds - 1) * 1e9)
        let giveUp = Int64((seconds + Self.graceSeconds) * 1e9)
        var looked = false
        while true {
            let elapsed = monotonicNanoseconds() - started
            let daemonReading = ProcessMemory.statusKibibytes("VmHWM", process: daemonPid)
            let baselineReading = baselinePid.flatMap { ProcessMemory.statusKibibytes("VmHWM", process: $0) }
            if let daemonReading { watch.daemonHighWater = max(watch.daemonHighWater ?? 0, daemonReading) }
            if let baselineReading { watch.baselineHighWater = max(watch.baselineHighWater ?? 0, baselineReading) }
            if !looked, elapsed >= lookAt {
                looked = true
                watch.mappings = ProcessMemory.largestMappings(process: daemonPid, count: Self.mappingsShown)
                watch.lockedKibibytes = ProcessMemory.statusKibibytes("VmLck", process: daemonPid)
                watch.threads = ProcessMemory.statusField("Threads", process: daemonPid)
            }
            if (daemonReading == nil && baselineReading == nil && elapsed > Int64(0.2e9)) || elapsed > giveUp {
                return watch
            }
            sleep(seconds: Self.pollSeconds)
        }
    }

    /// ru_maxrss is KiB on Linux and bytes on Darwin.
    private static func kibibytes(rusageMaximum raw: Int) -> Int {
        #if os(Linux)
        raw
        #else
        raw / 1_024
        #endif
    }

    private static func format(_ kibibytes: Int) -> String {
        Format.mebibytes(bytes: Double(kibibytes) * 1_024) + " (\(kibibytes) KiB)"
    }

    private static func ratio(_ value: Int?, _ baseline: Int?) -> String {
        guard let value, let baseline else { return "-" }
        return Format.ratio(Double(value), Double(baseline))
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
