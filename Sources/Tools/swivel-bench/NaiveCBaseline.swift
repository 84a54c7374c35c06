import SwivelBoard
import SwivelToolSupport

/// bench/c/naive_tick: the naive C controller and step-time computation that
/// the tick and steps figures are put beside.
struct NaiveCBaseline {
    enum Mode: String {
        /// The controller only: beside `MotionController.tick`.
        case control
        /// The controller and each axis's output for the period: beside `Stand.tick`.
        case full
    }

    let path: String
    /// Set when this run had to compile the baseline.
    let buildNote: String?

    /// The binary named by `--c-tick`, or the default one, compiled if missing or stale.
    static func locate(_ options: BenchOptions) throws(ToolFailure) -> NaiveCBaseline {
        if let path = options.cTickPath {
            return NaiveCBaseline(path: path, buildNote: nil)
        }
        let note = try CProgramBuild.ensure(binary: BenchOptions.defaultCTickPath, source: BenchOptions.cTickSource)
        return NaiveCBaseline(path: BenchOptions.defaultCTickPath, buildNote: note)
    }

    struct TickRun {
        var nanosecondsPerTick: Double
        /// Steps planned per tick (zero in `.control`).
        var stepsPerTick: Double
    }

    /// One timed run over `board`'s axes, same limits and period.
    func tickRun(_ mode: Mode, board: Board, ticks: Int) throws(ToolFailure) -> TickRun {
        var arguments = [
            "--mode", mode.rawValue, "--ticks", "\(ticks)",
            "--period-ns", "\(1_000_000_000 / Int64(board.loopRateHz))",
        ]
        for axis in [board.axes.pitch, board.axes.yaw, board.axes.roll] {
            guard let axis else { continue }
            arguments += ["--axis", Self.axisSpec(axis)]
        }
        let line = try runLine(arguments)
        return TickRun(
            nanosecondsPerTick: try field("ns_per_tick", in: line),
            stepsPerTick: try field("steps", in: line, allowZero: true) / Double(ticks))
    }

    /// ns per step of planning `steps` steps in runs of `segmentSteps` at `rateHz`.
    func nanosecondsPerStep(steps: Int, segmentSteps: Int, rateHz: Double) throws(ToolFailure) -> Double {
        let line = try runLine([
            "--mode", "steps", "--steps", "\(steps)", "--segment-steps", "\(segmentSteps)", "--rate", "\(rateHz)",
        ])
        return try field("ns_per_step", in: line)
    }

    /// maxSpeed,maxAccel,min,max,microstepsPerRad,maxStepRateHz; a servo has 0 microsteps.
    private static func axisSpec(_ axis: Board.Axis) -> String {
        let limits = axis.limits
        let lower = limits.minRadians.map { "\($0)" } ?? "none"
        let upper = limits.maxRadians.map { "\($0)" } ?? "none"
        var microsteps = 0.0
        var rate = 1.0
        if let stepper = axis.motor.stepper {
            microsteps = stepper.microstepsPerRadian
            rate = stepper.maxStepRateHz
        }
        return [
            "\(limits.maxSpeedRadiansPerSecond)", "\(limits.maxAccelerationRadiansPerSecondSquared)",
            lower, upper, "\(microsteps)", "\(rate)",
        ].joined(separator: ",")
    }

    private func runLine(_ arguments: [String]) throws(ToolFailure) -> Substring {
        let result = try Subprocess.run(path, arguments: arguments)
        guard result.exitCode == 0 else {
            throw ToolFailure("\(path) \(result.howItEnded)")
        }
        guard let line = result.standardOutput.split(separator: "\n").first(where: { $0.hasPrefix("naive_tick ") }) else {
            throw ToolFailure("\(path) printed no \"naive_tick\" line; is it built from \(BenchOptions.cTickSource)?")
        }
        return line
    }

    private func field(_ key: String, in line: Substring, allowZero: Bool = false) throws(ToolFailure) -> Double {
        for token in line.split(separator: " ") where token.hasPrefix(key + "=") {
            if let value = Double(token.dropFirst(key.count + 1)), value.isFinite, value > 0 || (allowZero && value == 0) {
                return value
            }
        }
        throw ToolFailure("\(path)'s report lacks a \(allowZero ? "non-negative" : "positive") \(key)=: \"\(line)\"")
    }
}
