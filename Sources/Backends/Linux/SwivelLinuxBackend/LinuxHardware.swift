#if os(Linux)
public import SwivelBoard
public import SwivelHardware
public import SwivelLinux
public import SwivelStand

/// The real backend: the board's GPIO chip through libgpiod (found by label),
/// servo PWM through sysfs, and step pulses emitted by a busy-waiting thread
/// that replays each tick's planned step times.
///
/// The executor thread spins on the clock just before each step; it is pinned
/// to the board's `loop.stepCore` and runs at SCHED_FIFO where permitted
/// (`StepThreadPolicy`).
public struct LinuxHardware {
    public let chip: GPIODChip
    public let executor: BusyWaitStepExecutor
    public let hardware: StandHardware
    public let stepThread: StepThreadPolicy

    public init(board: Board, clock: SystemMonotonicClock) throws(StandSetupError) {
        // Before the chip is opened: a core this machine lacks is a board
        // mistake, and nothing has been touched yet.
        do {
            stepThread = try StepThreadPolicy(stepCore: board.stepCore)
        } catch {
            throw StandSetupError("loop.stepCore: \(error.reason)")
        }
        do {
            chip = try GPIODChip.open(label: board.gpioChipLabel)
        } catch {
            throw StandSetupError("GPIO chip '\(board.gpioChipLabel)': \(error.reason)")
        }
        do {
            executor = try BusyWaitStepExecutor(
                clock: clock, maximumStepsPerPlan: StandHardware.stepPlanCapacity(board), queueDepth: 8,
                latenessToleranceNanoseconds: board.stepLatenessToleranceNanoseconds)
        } catch {
            throw StandSetupError("step executor: \(error.reason)")
        }
        let pwm: any PWMProvider
        do {
            pwm = try SysfsPWMProvider()
        } catch {
            // Only a board with a servo needs PWM; say why when one asks.
            pwm = UnavailablePWM(reason: error.reason)
        }
        hardware = StandHardware(
            chip: chip, pwm: pwm, executor: executor, i2c: LinuxI2CBus(), softwarePWMClock: clock,
            byteDevices: SerialByteDevices(), busClock: clock)
    }

    /// Starts the step thread with its policy; what was not granted is in the result.
    public func startStepThread() throws(StandSetupError) -> StepThreadGrant {
        do {
            return try stepThread.start(executor)
        } catch {
            throw StandSetupError("step executor: \(error.reason)")
        }
    }
}

/// Stands in for sysfs PWM where it could not be opened, so a board without
/// servos still runs and a board with one fails with the reason.
private final class UnavailablePWM: PWMProvider {
    let reason: String
    init(reason: String) { self.reason = reason }

    func channel(chip: Int, channel: Int) throws(HardwareError) -> any PWMChannel {
        throw HardwareError(.chipNotFound, "sysfs PWM is not available: \(reason)")
    }
}
#endif
