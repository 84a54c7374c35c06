#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelHardware
import SwivelLinuxBackend
import SwivelRuntime
import SwivelToolSupport

/// How close to its planned instant each STEP edge is written: the hardware
/// executor (BusyWaitStepExecutor, its thread set up by StepThreadPolicy as on
/// a stand) writing to an in-memory chip that timestamps every write, beside
/// bench/c/busywait_edges.c doing the same schedule with the same
/// sleep-then-spin, in the same invocation.
struct StepTimingBenchmark: Benchmark {
    let name = "step-timing"
    let summary = "step edge timing error |written − planned| (p50/p99): BusyWaitStepExecutor vs a C busy-wait loop"

    static let steps = 2_000
    /// 2000 steps/s: near the Pi boards' pitch at full speed, and slower than
    /// the spin window, so both sides sleep between edges.
    static let stepIntervalNanoseconds: Int64 = 500_000
    static let pulseNanoseconds: Int64 = 2_000
    static let spinWindowNanoseconds: Int64 = 200_000
    static let cSource = "bench/c/busywait_edges.c"
    static let cBinary = "bench/out/busywait_edges"

    func run(_ options: BenchOptions) throws(ToolFailure) -> BenchReport {
        let buildNote = try CProgramBuild.ensure(binary: Self.cBinary, source: Self.cSource)
        var swiftP50 = Samples(), swiftP99 = Samples(), cP50 = Samples(), cP99 = Samples()
        var swiftMaximum = 0.0, cMaximum = 0.0
        var grant: StepThreadGrant?
        var cFIFO = false
        for _ in 0..<options.repetitions {
            let c = try runC()
            cP50.add(c.p50)
            cP99.add(c.p99)
            cMaximum = max(cMaximum, c.maximum)
            cFIFO = c.fifo
            let swift = try runSwift()
            swiftP50.add(swift.errors.p50)
            swiftP99.add(swift.errors.p99)
            swiftMaximum = max(swiftMaximum, swift.errors.maximum)
            grant = swift.grant
        }
        var table = ResultTable(columns: ["edge error (median of runs)", "Swift", "C", "Swift/C"])
        table.add(["p50", Format.nanoseconds(swiftP50.median), Format.nanoseconds(cP50.median), Format.ratio(swiftP50.median, cP50.median)])
        table.add(["p99", Format.nanoseconds(swiftP99.median), Format.nanoseconds(cP99.median), Format.ratio(swiftP99.median, cP99.median)])
        table.add(["max (of all runs)", Format.nanoseconds(swiftMaximum), Format.nanoseconds(cMaximum), Format.ratio(swiftMaximum, cMaximum)])
        var report = BenchReport(
            header: [
                "\(options.repetitions) runs each of \(Self.steps) steps (\(2 * Self.steps) edges) every \(Format.microseconds(nanoseconds: Self.stepIntervalNanoseconds)), \(Format.microseconds(nanoseconds: Self.pulseNanoseconds)) pulses, spinning the last \(Format.microseconds(nanoseconds: Self.spinWindowNanoseconds)) before each edge; C and Swift alternating.",
                "Swift/C above 1 means Swift's edges are further from their planned instants.",
            ],
            table: table)
        let swiftFIFO = grant?.fifo.isGranted == true
        report.notes.append(
            "SCHED_FIFO 48: Swift \(swiftFIFO ? "granted" : "refused"), C \(cFIFO ? "granted" : "refused"). Swift writes through StepPlanner plans queued 1 ms at a time to a InMemoryGPIOChip (its write logs the clock); C stores to a variable and reads the clock.")
        if let warning = grant?.warning { report.notes.append(warning) }
        if let buildNote { report.notes.append(buildNote) }
        return report
    }

    struct ErrorPercentiles {
        var p50: Double
        var p99: Double
        var maximum: Double

        init(_ errors: [Int64]) {
            let sorted = errors.sorted()
            p50 = sorted.isEmpty ? .nan : Double(sorted[sorted.count / 2])
            p99 = sorted.isEmpty ? .nan : Double(sorted[(sorted.count * 99) / 100])
            maximum = Double(sorted.last ?? 0)
        }
    }

    private func runSwift() throws(ToolFailure) -> (errors: ErrorPercentiles, grant: StepThreadGrant) {
        let clock = SystemMonotonicClock()
        do {
            let chip = try InMemoryGPIOChip(label: "bench", lineCount: 2, clock: clock, transitionLogCapacity: 4 * Self.steps + 16)
            // No lateness limit: the C loop it is compared with has none, and a
            // dropped plan would leave nothing to measure.
            let executor = try BusyWaitStepExecutor(
                clock: clock, maximumStepsPerPlan: 16, queueDepth: 8, spinWindowNanoseconds: Self.spinWindowNanoseconds,
                latenessToleranceNanoseconds: StepLateness.unlimitedNanoseconds)
            let channel = try executor.addChannel(
                step: chip.requestOutput(line: 0, initialHigh: false, consumer: "step"),
                direction: chip.requestOutput(line: 1, initialHigh: false, consumer: "dir"))
            let grant = try StepThreadPolicy(stepCore: nil).start(executor)
            defer { executor.stop() }
            // One microstep per 1/1000 rad; a 1 ms segment moves two steps.
            let planner = try StepPlanner(
                microstepsPerRadian: 1_000, maxStepRateHz: 20_000, minPulseWidthNanoseconds: Self.pulseNanoseconds,
                directionSetupNanoseconds: 1_000, invertDirection: false)
            let plan = StepPlan(capacity: 16)
            let segmentNanoseconds: Int64 = 1_000_000
            let stepsPerSegment = Int(segmentNanoseconds / Self.stepIntervalNanoseconds)
            let origin = clock.now().nanoseconds + 2_000_000
            var state = StepperState(microsteps: 0)
            for segment in 0..<(Self.steps / stepsPerSegment) {
                let start = MonotonicInstant(nanoseconds: origin + Int64(segment) * segmentNanoseconds)
                let radians = Double(segment * stepsPerSegment) / 1_000
                try planner.plan(
                    StepSegment(start: start, end: start.advanced(byNanoseconds: segmentNanoseconds),
                                startRadians: radians, endRadians: radians + Double(stepsPerSegment) / 1_000),
                    from: state, into: plan)
                state = plan.endState
                while !executor.execute(plan, channel: channel) { usleep(200) }
            }
            let submitted = UInt64(Self.steps / stepsPerSegment)
            for _ in 0..<20_000 where executor.executedPlans < submitted { usleep(500) }
            guard executor.executedPlans == submitted else {
                throw ToolFailure("the executor wrote \(executor.executedPlans) of \(submitted) plans")
            }
            let errors = chip.transitions(onLine: 0).map { abs($0.writtenAt.nanoseconds - $0.instant.nanoseconds) }
            return (ErrorPercentiles(errors), grant)
        } catch let failure as ToolFailure {
            throw failure
        } catch {
            throw ToolFailure("step-timing setup: \(error)")
        }
    }

    private func runC() throws(ToolFailure) -> (p50: Double, p99: Double, maximum: Double, fifo: Bool) {
        let result = try Subprocess.run(
            Self.cBinary,
            arguments: [
                "--steps", "\(Self.steps)", "--interval-ns", "\(Self.stepIntervalNanoseconds)",
                "--pulse-ns", "\(Self.pulseNanoseconds)", "--lead-ns", "2000000",
                "--spin-window-ns", "\(Self.spinWindowNanoseconds)", "--priority", "\(StepThreadPolicy.fifoPriority)",
            ])
        guard result.exitCode == 0,
              let line = result.standardOutput.split(separator: "\n").first(where: { $0.hasPrefix("edges ") })
        else { throw ToolFailure("\(Self.cBinary) \(result.howItEnded) without an \"edges\" line") }
        var fields: [Substring: Double] = [:]
        for token in line.split(separator: " ").dropFirst() {
            let parts = token.split(separator: "=")
            if parts.count == 2, let value = Double(parts[1]) { fields[parts[0]] = value }
        }
        guard let p50 = fields["p50_ns"], let p99 = fields["p99_ns"], let maximum = fields["max_ns"] else {
            throw ToolFailure("malformed report from \(Self.cBinary): \(line)")
        }
        return (p50, p99, maximum, fields["fifo"] == 1)
    }
}
