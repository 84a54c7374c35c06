public import SwivelBoard
public import SwivelHardware
public import SwivelStand

/// A board's lines and channels on a in-memory GPIO chip and mock PWM, with an
/// executor that emits each tick's steps at once with their timestamps. The
/// simulated backend wires its physical model to these; the bench times the
/// tick on them with no model at all.
public struct MockHardware {
    public let chip: InMemoryGPIOChip
    public let pwm: InMemoryPWMProvider
    public let hardware: StandHardware

    /// - Parameters:
    ///   - transitionLogCapacity: how many line writes the in-memory chip keeps
    ///     for inspection. Tests read them; the daemon needs few, and every
    ///     entry written once stays resident (locked on fault).
    ///   - stepExecutor: what writes the steps; nil for an `InstantStepExecutor`
    ///     on stamped lines. Another executor gets lines that take effect when
    ///     written, as real ones (`InMemoryGPIOChip.WriteTiming.immediate`).
    ///   - stepLatenessToleranceNanoseconds: the `InstantStepExecutor`'s; nil
    ///     for the board's (`Board.stepLatenessToleranceNanoseconds`).
    public init(
        board: Board, clock: any MonotonicClock, transitionLogCapacity: Int, stepExecutor: (any StepExecutor)? = nil,
        stepLatenessToleranceNanoseconds: Int64? = nil
    ) throws(StandSetupError) {
        // At least a Raspberry Pi header's worth of lines, like the chips boards name.
        var highestLine = 63
        var pwmChips = 1
        var pwmChannels = 1
        for axis in [board.axes.pitch, board.axes.yaw, board.axes.roll] {
            guard let axis else { continue }
            highestLine = max(highestLine, axis.motor.settings.gpioLines.max() ?? 0)
            for output in axis.motor.settings.pwmOutputs {
                pwmChips = max(pwmChips, output.chip + 1)
                pwmChannels = max(pwmChannels, output.channel + 1)
            }
            if case .quadrature(let q) = axis.encoder { highestLine = max(highestLine, q.lineA, q.lineB) }
            if let homing = axis.homing { highestLine = max(highestLine, homing.switchLine) }
        }
        do {
            chip = try InMemoryGPIOChip(
                label: board.gpioChipLabel, lineCount: highestLine + 1, clock: clock,
                transitionLogCapacity: transitionLogCapacity, writeTiming: stepExecutor == nil ? .stamped : .immediate)
            pwm = try InMemoryPWMProvider(clock: clock, chipCount: pwmChips, channelsPerChip: pwmChannels)
        } catch {
            throw StandSetupError("mock hardware: \(error)")
        }
        hardware = StandHardware(
            chip: chip, pwm: pwm,
            executor: stepExecutor ?? InstantStepExecutor(
                maximumStepsPerPlan: StandHardware.stepPlanCapacity(board), clock: clock,
                latenessToleranceNanoseconds: stepLatenessToleranceNanoseconds ?? board.stepLatenessToleranceNanoseconds))
    }
}
