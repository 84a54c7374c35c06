import SwivelBoard
import SwivelRuntime
import SwivelToolSupport

/// Tick cost in ns per tick, 2 and 3 axes, beside the naive C controller:
/// the pure core (`MotionController.tick`), the runtime tick (`Stand.tick`) on
/// mock hardware — the figure the 5 µs target applies to — and, for
/// information, `Stand.tick` with the simulated stand's physical model.
///
/// Every figure is the median of `--repetitions` timed runs of `--ticks` ticks
/// (the simulated one runs a tenth as many: the model dominates it). C and
/// Swift runs alternate, so a burst of noise from the shared machine lands on
/// both sides rather than on one.
struct TickBenchmark: Benchmark {
    let name = "tick"
    let summary = "ns per tick, 2 and 3 axes: MotionController.tick and Stand.tick vs a naive C controller"

    static let targetNanoseconds = 5_000.0

    func run(_ options: BenchOptions) throws(ToolFailure) -> BenchReport {
        let baseline = try NaiveCBaseline.locate(options)
        let boards = [
            try BenchBoards.load(BenchBoards.twoAxisPath),
            try BenchBoards.load(BenchBoards.threeAxisPath),
        ]
        let ticks = options.ticks
        let warmup = max(1_000, ticks / 20)
        let simulatedTicks = max(1_000, ticks / 10)

        var results: [BoardResult] = []
        for board in boards {
            let core = try CoreTickWorkload(board: board)
            var result = BoardResult(board: board)
            for _ in 0..<options.repetitions {
                let cControl = try baseline.tickRun(.control, board: board, ticks: ticks)
                result.cControl.add(cControl.nanosecondsPerTick)
                let coreRun = try core.run(ticks: ticks, warmupTicks: warmup)
                result.core.add(coreRun.nanosecondsPerTick)
                result.commandsRejected += coreRun.commandsRejected

                let cFull = try baseline.tickRun(.full, board: board, ticks: ticks)
                result.cFull.add(cFull.nanosecondsPerTick)
                result.cStepsPerTick = cFull.stepsPerTick
                let mock = try StandTickWorkload.mockHardware(board: board, ticks: ticks, warmupTicks: warmup)
                result.mock.add(mock.nanosecondsPerTick)
                result.mockStepsPerTick = mock.stepsPerTick
                result.mockStatus = mock.status

                let simulated = try StandTickWorkload.withSimulation(
                    board: board, ticks: simulatedTicks, warmupTicks: warmup)
                result.simulated.add(simulated.nanosecondsPerTick)
                result.simulatedStepsPerTick = simulated.stepsPerTick
            }
            results.append(result)
        }

        var table = ResultTable(columns: ["figure (ns/tick, median)", "Swift", "naive C", "Swift/C", "Swift min–max", "target"])
        for result in results {
            let axes = "\(result.board.axisCount) axes"
            table.add(row("core: MotionController.tick, \(axes)", result.core, result.cControl, target: nil))
        }
        for result in results {
            let axes = "\(result.board.axisCount) axes"
            let target = result.board.axisCount == 3 ? "≤ \(Format.fixed(Self.targetNanoseconds, decimals: 0)) ns" : nil
            table.add(row("Stand.tick, mock hardware, \(axes)", result.mock, result.cFull, target: target))
        }
        for result in results {
            let axes = "\(result.board.axisCount) axes"
            table.add(row("Stand.tick + simulation model, \(axes) (info)", result.simulated, result.cFull, target: nil))
        }

        var report = BenchReport(
            header: [
                "\(options.repetitions) repetitions of \(ticks) ticks (simulation: \(simulatedTicks)) after \(warmup) warm-up ticks, C and Swift alternating; boards \(BenchBoards.twoAxisPath) (2 axes) and \(BenchBoards.threeAxisPath) (3 axes), 1 kHz.",
                "This machine is a noisy shared VM: absolute costs swing from run to run; the Swift/C ratio is the steadier figure.",
            ],
            table: table)
        report.notes.append(
            "core: a script sends a velocity sweep, a reverse sweep, timed moves and the yes/no/kapow animations, one a second, cycling; naive C: a proportional controller with speed and acceleration clamps toward a setpoint that jumps every 1.5 s.")
        report.notes.append(
            "Stand.tick: the demo playing, on a InMemoryGPIOChip (\(MockStandRig.transitionLogCapacity)-entry log) + InMemoryPWMProvider + InstantStepExecutor, no physical model; naive C (full): the same controller plus linear step times (steppers) or a pulse width (servo).")
        for result in results {
            let status = result.mockStatus
            report.notes.append(
                "\(result.board.axisCount) axes: steps emitted per tick: Swift mock \(Format.fixed(result.mockStepsPerTick, decimals: 2)), Swift simulated \(Format.fixed(result.simulatedStepsPerTick, decimals: 2)), naive C \(Format.fixed(result.cStepsPerTick, decimals: 2)); demo cycles \(status.demoCycles), rate-limited steps \(status.rateLimitedSteps), driver faults \(status.driverFaults).")
            if result.commandsRejected > 0 {
                report.notes.append(
                    "WARNING: \(result.commandsRejected) scripted commands were refused on \(result.board.axisCount) axes; the core figure ran with less motion than intended.")
            }
        }
        if let note = baseline.buildNote { report.notes.append(note) }
        return report
    }

    private func row(_ figure: String, _ swift: Samples, _ c: Samples, target: String?) -> [String] {
        [
            figure,
            Format.nanoseconds(swift.median),
            Format.nanoseconds(c.median),
            Format.ratio(swift.median, c.median),
            Format.nanoseconds(swift.minimum, unit: false) + "–" + Format.nanoseconds(swift.maximum),
            target ?? "-",
        ]
    }
}

/// Every repetition's figures for one board.
private struct BoardResult {
    let board: Board
    var core = Samples()
    var cControl = Samples()
    var mock = Samples()
    var cFull = Samples()
    var simulated = Samples()
    var commandsRejected = 0
    var mockStepsPerTick = 0.0
    var simulatedStepsPerTick = 0.0
    var cStepsPerTick = 0.0
    var mockStatus = StandStatus()
}
