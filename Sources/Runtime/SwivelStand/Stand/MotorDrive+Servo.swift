public import SwivelBoard
public import SwivelHardware

extension Board.Servo: DrivenMotor {
    /// A hobby servo on a hardware PWM channel, or on a GPIO line toggled by
    /// a software-PWM thread where the board has no channel to spare.
    static let drive = MotorDrive(
        makeActuator: { settings, hardware, owner throws(StandSetupError) in
            let s = try MotorDrive.settings(settings, as: Board.Servo.self)
            do {
                let channel: any PWMChannel
                switch s.output {
                case .hardwarePWM(let chipNumber, let channelNumber):
                    channel = try hardware.pwm.channel(chip: chipNumber, channel: channelNumber)
                case .softwarePWM(let line):
                    guard let clock = hardware.softwarePWMClock else {
                        throw HardwareError(.invalidConfiguration, "software PWM (softwarePwmLine \(line)) needs the gpiod backend; "
                            + "the simulated servo is driven through a PWM channel: give pwmChip and pwmChannel")
                    }
                    let output = try hardware.chip.requestOutput(line: line, initialHigh: false, consumer: owner + "-servo")
                    channel = try SoftwarePWMChannel(output: output, clock: clock)
                }
                return try ServoDriver(
                    channel: channel, periodNanoseconds: Int64(s.periodMicroseconds) * 1_000,
                    minPulseNanoseconds: Int64(s.minPulseMicroseconds) * 1_000,
                    maxPulseNanoseconds: Int64(s.maxPulseMicroseconds) * 1_000,
                    angleAtMinPulseRadians: s.angleAtMinPulseRadians,
                    angleAtMaxPulseRadians: s.angleAtMaxPulseRadians)
            } catch let error as StandSetupError {
                throw error
            } catch {
                throw StandSetupError("\(error)")
            }
        })
}

/// What the pulse-width servo types share; public for the simulated backend,
/// whose servo models map pulses to angles with the drive's own mapping.
public enum ServoDrives {
    /// The pulse mapping of any pulse-width servo type; `place` names the axis in the error.
    public static func mapping(_ s: some ServoPulseRange, place: String) throws(StandSetupError) -> ServoPulseMapping {
        do {
            return try ServoPulseMapping(
                minPulseNanoseconds: Int64(s.minPulseMicroseconds) * 1_000,
                maxPulseNanoseconds: Int64(s.maxPulseMicroseconds) * 1_000,
                angleAtMinPulseRadians: s.angleAtMinPulseRadians,
                angleAtMaxPulseRadians: s.angleAtMaxPulseRadians)
        } catch {
            throw StandSetupError("\(place): \(error)")
        }
    }
}
