import SwivelToolSupport

/// Step-planning throughput in steps per second, beside the same linear
/// step-time computation in C (bench/c/naive_tick.c --mode steps).
struct StepsBenchmark: Benchmark {
    let name = "steps"
    let summary = "step planning throughput (steps/s): StepPlanner.plan and StepperDriver.move vs naive C"

    /// Per timed repetition; 1000 segments of 4000 steps.
    static let steps = 4_000_000

    func run(_ options: BenchOptions) throws(ToolFailure) -> BenchReport {
        let baseline = try NaiveCBaseline.locate(options)
        let workload = try StepsWorkload()
        // One untimed pass each: page faults and caches belong to no repetition.
        _ = try workload.planOnly(steps: Self.steps / 10)
        _ = try workload.driverToMockChip(steps: Self.steps / 10)

        var c = Samples()
        var planner = Samples()
        var driver = Samples()
        var plannerRun: StepsWorkload.Outcome?
        var driverRun: StepsWorkload.Outcome?
        for _ in 0..<options.repetitions {
            let cNanoseconds = try baseline.nanosecondsPerStep(
                steps: Self.steps, segmentSteps: StepsWorkload.segmentSteps, rateHz: StepsWorkload.maxStepRateHz)
            c.add(1e9 / cNanoseconds)
            let planned = try workload.planOnly(steps: Self.steps)
            planner.add(planned.stepsPerSecond)
            plannerRun = planned
            let driven = try workload.driverToMockChip(steps: Self.steps)
            driver.add(driven.stepsPerSecond)
            driverRun = driven
        }

        var table = ResultTable(columns: ["figure (median)", "Swift", "naive C", "Swift/C", "Swift ns/step", "C ns/step"])
        func row(_ figure: String, _ swift: Samples) -> [String] {
            [
                figure, Format.stepsPerSecond(swift.median), Format.stepsPerSecond(c.median),
                Format.ratio(swift.median, c.median), Format.fixed(1e9 / swift.median, decimals: 2),
                Format.fixed(1e9 / c.median, decimals: 2),
            ]
        }
        table.add(row("StepPlanner.plan", planner))
        table.add(row("StepperDriver.move → InstantStepExecutor → InMemoryGPIOChip", driver))

        var report = BenchReport(
            header: [
                "\(options.repetitions) repetitions of \(Self.steps) steps in runs of \(StepsWorkload.segmentSteps) at \(Format.fixed(0.75 * StepsWorkload.maxStepRateHz / 1_000, decimals: 0)) kHz (limit \(Format.fixed(StepsWorkload.maxStepRateHz / 1_000, decimals: 0)) kHz), reversing every \(StepsWorkload.segmentsPerDirection) runs; C and Swift alternating.",
                "Swift/C is throughput over throughput: below 1 means Swift plans fewer steps per second.",
            ],
            table: table)
        report.notes.append(
            "naive C plans in microsteps with the same midpoint-crossing instants and minimum spacing; the driver row also writes each STEP edge (2 per step) and DIR change to an in-memory chip with no log, which C does not do.")
        if let plannerRun, let driverRun {
            report.notes.append(
                "per repetition: planner \(plannerRun.steps) steps, driver \(driverRun.steps) steps emitted; steps delayed or carried by the rate limit or DIR setup: \(plannerRun.delayedOrCarried) / \(driverRun.delayedOrCarried).")
        }
        if let note = baseline.buildNote { report.notes.append(note) }
        return report
    }
}
