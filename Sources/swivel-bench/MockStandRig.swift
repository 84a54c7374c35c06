import SwivelBoard
import SwivelHardware
import SwivelRuntime

/// A board's `Stand` on mock hardware with nothing on the far side: a mock GPIO
/// chip with a small transition log, a mock PWM provider and the instant step
/// executor, assembled directly rather than through `SimulatedHardware`, so no
/// physical model runs. The encoders then see no edges (they read 0), which
/// does not change what the tick does with the motors.
struct MockStandRig {
    let clock: ManualClock
    let chip: MockGPIOChip
    let stand: Stand
    let stepLines: [Int]

    /// Enough to show what the last writes were; the ring never grows.
    static let transitionLogCapacity = 64

    init(board: Board) throws(BenchFailure) {
        var highestLine = 0
        var pwmChips = 1
        var pwmChannels = 1
        var stepsPerTick = 1
        for axis in [board.axes.pitch, board.axes.yaw, board.axes.roll] {
            guard let axis else { continue }
            switch axis.motor {
            case .stepper(let stepper):
                highestLine = max(highestLine, stepper.stepLine, stepper.directionLine, stepper.enableLine ?? 0)
                stepsPerTick = max(stepsPerTick, Int((stepper.maxStepRateHz / Double(board.loopRateHz)).rounded(.up)))
            case .servo(let servo):
                pwmChips = max(pwmChips, servo.pwmChip + 1)
                pwmChannels = max(pwmChannels, servo.pwmChannel + 1)
            }
            if case .quadrature(let quadrature) = axis.encoder {
                highestLine = max(highestLine, quadrature.lineA, quadrature.lineB)
            }
        }
        // As SimulatedHardware starts its clock: one second in keeps instants positive.
        clock = ManualClock(startingAt: MonotonicInstant(nanoseconds: 1_000_000_000))
        let hardware: StandHardware
        do throws(HardwareError) {
            chip = try MockGPIOChip(
                label: board.gpioChipLabel, lineCount: highestLine + 1, clock: clock,
                transitionLogCapacity: Self.transitionLogCapacity)
            let pwm = try MockPWMProvider(
                clock: clock, chipCount: pwmChips, channelsPerChip: pwmChannels,
                writeLogCapacity: Self.transitionLogCapacity)
            // Sized as SimulatedHardware sizes it: one period's steps and room for a backlog.
            let executor = InstantStepExecutor(maximumStepsPerPlan: 2 * stepsPerTick + 16)
            hardware = StandHardware(chip: chip, pwm: pwm, executor: executor)
        } catch {
            throw BenchFailure("mock hardware for '\(board.name)': \(error)")
        }
        do throws(StandSetupError) {
            stand = try Stand(board: board, hardware: hardware, playDemo: true)
        } catch {
            throw BenchFailure("stand on mock hardware: \(error.reason)")
        }
        stepLines = board.stepLines
    }

    var stepsEmitted: Int { chip.stepsEmitted(on: stepLines) }
}

extension MockGPIOChip {
    /// STEP pulses written so far on `lines` (each is a rising and a falling write).
    func stepsEmitted(on lines: [Int]) -> Int {
        lines.reduce(0) { $0 + writeCount(line: $1) / 2 }
    }
}
