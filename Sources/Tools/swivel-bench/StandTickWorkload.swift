import SwivelBoard
import SwivelHardware
import SwivelPOSIX
import SwivelRuntime
import SwivelSimBackend
import SwivelToolSupport

/// `Stand.tick`, the real-time path, with the demo playing (so motion is planned
/// and steps are emitted every tick), in virtual time as fast as it runs.
enum StandTickWorkload {
    struct Outcome {
        var nanosecondsPerTick: Double
        var stepsPerTick: Double
        var status: StandStatus
    }

    /// On mock hardware without the physical model (`MockStandRig`).
    static func mockHardware(board: Board, ticks: Int, warmupTicks: Int) throws(ToolFailure) -> Outcome {
        let rig = try MockStandRig(board: board)
        let period = rig.engine.periodNanoseconds
        var deadline = rig.clock.now()
        // The same two calls VirtualStand.tick makes, minus the model behind the chip.
        for _ in 0..<warmupTicks {
            rig.clock.set(deadline)
            rig.engine.tick(at: deadline)
            deadline = deadline.advanced(byNanoseconds: period)
        }
        let stepsBefore = rig.stepsEmitted
        let started = MonotonicTime.nanoseconds()
        for _ in 0..<ticks {
            rig.clock.set(deadline)
            rig.engine.tick(at: deadline)
            deadline = deadline.advanced(byNanoseconds: period)
        }
        let elapsed = MonotonicTime.nanoseconds() - started
        return Outcome(
            nanosecondsPerTick: Double(elapsed) / Double(ticks),
            stepsPerTick: Double(rig.stepsEmitted - stepsBefore) / Double(ticks),
            status: rig.engine.stand.status())
    }

    /// On the simulated stand: the same tick plus the physical model integrating
    /// every period and feeding the encoders. For information only.
    static func withSimulation(board: Board, ticks: Int, warmupTicks: Int) throws(ToolFailure) -> Outcome {
        let virtual: VirtualStand
        do throws(StandSetupError) {
            virtual = try VirtualStand(board: board, playDemo: true)
        } catch {
            throw ToolFailure("virtual stand for '\(board.name)': \(error.reason)")
        }
        let stepLines = board.stepLines
        for _ in 0..<warmupTicks { virtual.tick() }
        let stepsBefore = virtual.simulation.chip.stepsEmitted(on: stepLines)
        let started = MonotonicTime.nanoseconds()
        for _ in 0..<ticks { virtual.tick() }
        let elapsed = MonotonicTime.nanoseconds() - started
        return Outcome(
            nanosecondsPerTick: Double(elapsed) / Double(ticks),
            stepsPerTick: Double(virtual.simulation.chip.stepsEmitted(on: stepLines) - stepsBefore) / Double(ticks),
            status: virtual.stand.status())
    }
}
