import SwivelBoard
import SwivelCore
import SwivelPOSIX
import SwivelToolSupport

/// The pure motion core under a moving load: `MotionController.tick` once per
/// period while a script keeps it busy — velocity sweeps into the range ends
/// (braking), timed moves and animations, one command a second, cycling. Nothing
/// rests, so every tick does the work of a moving stand.
struct CoreTickWorkload {
    let hardwareLimits: PerAxis<AxisLimits?>
    let tickSeconds: Seconds

    /// A command every this many ticks (1 s at 1 kHz: inside the 2-per-second budget).
    static let ticksPerCommand = 1_000

    init(board: Board) throws(ToolFailure) {
        do throws(SwivelError) {
            hardwareLimits = try board.hardwareLimits()
        } catch {
            throw ToolFailure("board '\(board.name)' limits: \(error)")
        }
        tickSeconds = 1 / Double(board.loopRateHz)
    }

    struct Outcome {
        var nanosecondsPerTick: Double
        var commandsRejected: Int
    }

    /// Runs `warmupTicks` untimed, then times `ticks` more.
    func run(ticks: Int, warmupTicks: Int) throws(ToolFailure) -> Outcome {
        var driven: ScriptedController
        do throws(SwivelError) {
            let controller = try MotionController(
                hardwareLimits: hardwareLimits, initialPositions: PerAxis(repeating: 0), tickSeconds: tickSeconds)
            driven = ScriptedController(controller: controller, script: Self.script(for: controller))
        } catch {
            throw ToolFailure("motion controller: \(error)")
        }
        for index in 0..<warmupTicks { driven.tick(index) }
        let started = MonotonicTime.nanoseconds()
        for index in warmupTicks..<(warmupTicks + ticks) { driven.tick(index) }
        let elapsed = MonotonicTime.nanoseconds() - started
        blackHole(driven.checksum)
        return Outcome(nanosecondsPerTick: Double(elapsed) / Double(ticks), commandsRejected: driven.rejected)
    }

    /// The cycle of commands, on the axes the stand has, scaled to their ranges.
    static func script(for controller: MotionController) -> [MotionCommand] {
        let axes = controller.axes
        let limits = controller.limits
        func perAxis(_ value: (Axis, AxisLimits) -> Double) -> Vector3 {
            var vector = Vector3.zero
            for axis in Axis.allCases where axes.contains(axis) {
                if let limit = limits[axis] { vector[axis] = value(axis, limit) }
            }
            return vector
        }
        /// A fraction of the way to the upper (+) or lower (−) range end; radians on a continuous axis.
        func pose(_ fraction: Double, continuous: Radians) -> Vector3 {
            perAxis { _, limit in
                guard let range = limit.positionRange else { return continuous }
                return fraction >= 0 ? fraction * range.upperRadians : -fraction * range.lowerRadians
            }
        }
        let sweep = perAxis { _, limit in 0.8 * limit.maximumSpeed }
        return [
            .setAngularVelocity(sweep),
            .setAngularVelocity(Vector3.zero - sweep),
            .setOrientation(.angles(pose(0.5, continuous: 1.2)), durationSeconds: 0.8, relative: false),
            .animate(.yes),
            .animate(.no),
            .setOrientation(.angles(pose(-0.6, continuous: -1.5)), durationSeconds: 0.8, relative: false),
            .animate(.kapow),
            .setOrientation(.angles(.zero), durationSeconds: 0.8, relative: false),
        ]
    }
}

/// A controller and the script driving it, advanced one tick at a time.
private struct ScriptedController {
    var controller: MotionController
    let script: [MotionCommand]
    var rejected = 0
    var checksum = 0.0
    private var nextCommand = 0
    private var scriptIndex = 0

    init(controller: MotionController, script: [MotionCommand]) {
        self.controller = controller
        self.script = script
    }

    /// What the stand's tick does to the core: apply what arrived, then tick.
    mutating func tick(_ index: Int) {
        let now = Double(index) * controller.tickSeconds
        if index == nextCommand {
            let measured = controller.state.map { $1.position }
            do throws(SwivelError) {
                _ = try controller.apply(script[scriptIndex], at: now, measured: measured)
            } catch {
                rejected += 1
            }
            scriptIndex = (scriptIndex + 1) % script.count
            nextCommand += CoreTickWorkload.ticksPerCommand
        }
        let state = controller.tick(at: now, measured: controller.state.map { $1.position })
        checksum += state.pitch.position + state.yaw.position + state.roll.position
    }
}
