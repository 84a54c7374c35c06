#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import SwivelToolSupport

/// Peak RSS of the static daemon running the board for a few seconds, beside
/// the C loop baseline run for as long at the same time, and this benchmark's
/// own high-water mark for reference.
///
/// Two readings of each child's peak: wait4's ru_maxrss, taken by the small C
/// launcher bench/c/peak_rss (see there why not by this process), and the
/// child's own VmHWM polled from /proc until it exits, as a cross-check.
struct MemoryBenchmark: Benchmark {
    let name = "memory"
    let summary = "peak RSS of the static swiveld running a board, vs the C loop baseline"

    static let mappingsShown = 5
    static let pollSeconds = 0.05
    /// Time for the daemon to decelerate and exit after its --duration.
    static let graceSeconds = 30.0

    func run(_ options: BenchOptions) throws(ToolFailure) -> BenchReport {
        let binary = options.binaryPath
        guard access(binary, X_OK) == 0 else {
            throw ToolFailure("--binary \(binary) is not an executable file; `make release` builds dist/swiveld")
        }
        let seconds = options.memorySeconds
        let secondsText = Format.fixed(seconds, decimals: seconds.rounded() == seconds ? 0 : 1)
        let cLoop = options.cLoopPath ?? BenchOptions.defaultCLoopPath
        let cLoopPresent = access(cLoop, X_OK) == 0
        let launcher = try PeakRSSLauncher.locate()
        let ownHighWater = ProcessMemory.statusKibibytes("VmHWM", process: "self")

        // Both at once: memory does not mind sharing the machine, and it saves a run.
        let daemon = try launcher.spawn(binary, arguments: ["--board", options.boardPath, "--duration", secondsText])
        let baseline = cLoopPresent ? try? launcher.spawn(cLoop, arguments: ["--seconds", secondsText]) : nil
        let watch = watchUntilExit(daemon: daemon, baseline: baseline, seconds: seconds)

        let daemonRun = try launcher.finish(daemon)
        let baselineRun = baseline.flatMap { child in try? launcher.finish(child) }
        guard daemonRun.exitCode == 0 else {
            throw ToolFailure(
                "\(binary) --board \(options.boardPath) --duration \(secondsText) \(daemonRun.howItEnded):\n"
                    + daemonRun.output)
        }
        let baselineClean = baselineRun?.exitCode == 0
        let baselineMaximum = baselineClean ? baselineRun?.maximumResidentKibibytes : nil
        let baselineHighWater = baselineClean ? watch.baselineHighWater : nil

        var table = ResultTable(columns: ["metric", "swiveld", "C loop", "ratio", "target"])
        table.add([
            "peak RSS (wait4 ru_maxrss)", Self.format(daemonRun.maximumResidentKibibytes),
            baselineMaximum.map(Self.format) ?? "-", Self.ratio(daemonRun.maximumResidentKibibytes, baselineMaximum),
            "≤ 16 MiB",
        ])
        table.add([
            "peak RSS (own VmHWM, polled)", watch.daemonHighWater.map(Self.format) ?? "n/a",
            baselineHighWater.map(Self.format) ?? "-", Self.ratio(watch.daemonHighWater, baselineHighWater), "≤ 16 MiB",
        ])
        table.add(["swivel-bench VmHWM (reference)", ownHighWater.map(Self.format) ?? "n/a", "-", "-", "-"])

        var report = BenchReport(
            header: [
                "\(binary) --board \(options.boardPath) --duration \(secondsText), with \(cLoopPresent ? "\(cLoop) --seconds \(secondsText)" : "no C loop baseline") alongside, each under \(launcher.path); KiB as the kernel counts them (1 MiB = 1024 KiB).",
            ],
            table: table)
        let summary = daemonRun.output.split(separator: "\n").filter {
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
        if watch.daemonHighWater == nil {
            report.notes.append("could not find the daemon under \(launcher.path) in /proc to poll its VmHWM.")
        }
        if let note = launcher.buildNote { report.notes.append(note) }
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
    private func watchUntilExit(
        daemon: Subprocess.Running, baseline: Subprocess.Running?, seconds: Double
    ) -> Watch {
        var watch = Watch()
        guard let daemonPid = PeakRSSLauncher.childPid(of: daemon) else { return watch }
        let baselinePid = baseline.flatMap { PeakRSSLauncher.childPid(of: $0) }
        let started = MonotonicTime.nanoseconds()
        let lookAt = Int64(max(0.5, seconds - 1) * 1e9)
        let giveUp = Int64((seconds + Self.graceSeconds) * 1e9)
        var looked = false
        while true {
            let elapsed = MonotonicTime.nanoseconds() - started
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
