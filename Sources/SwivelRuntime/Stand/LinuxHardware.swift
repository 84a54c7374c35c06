#if os(Linux)
public import SwivelBoard
public import SwivelHardware
public import SwivelLinux

/// The real backend: the board's GPIO chip through libgpiod (found by label),
/// servo PWM through sysfs, and step pulses emitted by a busy-waiting thread
/// that replays each tick's planned step times.
///
/// The executor thread spins on the clock between steps, so it keeps one core
/// busy while the daemon runs; pinning it and giving it real-time priority is
/// still to come.
public struct LinuxHardware {
    public let chip: GPIODChip
    public let executor: BusyWaitStepExecutor
    public let hardware: StandHardware

    public init(board: Board, clock: SystemMonotonicClock) throws(StandSetupError) {
        do {
            chip = try GPIODChip.open(label: board.gpioChipLabel)
        } catch {
            throw StandSetupError("GPIO chip '\(board.gpioChipLabel)': \(error.reason)")
        }
        do {
            executor = try BusyWaitStepExecutor(clock: clock, maximumStepsPerPlan: 2 * board.maximumStepsPerTick + 16, queueDepth: 8)
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
        hardware = StandHardware(chip: chip, pwm: pwm, executor: executor, i2c: LinuxI2CBus(), softwarePWMClock: clock)
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
