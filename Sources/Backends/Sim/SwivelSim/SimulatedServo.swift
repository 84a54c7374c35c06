public import SwivelHardware

/// A hobby servo: the horn slews at a fixed rate toward the angle the latest
/// pulse asks for.
public struct SimulatedServoSpec: SimulatedMotorSpec, Equatable {
    public var pwmChip: Int
    public var pwmChannel: Int
    public var mapping: ServoPulseMapping
    public var slewRadiansPerSecond: Double

    public var watchedPWM: PWMOutputAddress? { PWMOutputAddress(chip: pwmChip, channel: pwmChannel) }

    public func validate(axis: Axis) throws(HardwareError) {
        try SimulatedMotorChecks.positive(slewRadiansPerSecond, "servo slew rate", axis)
    }

    public func makeModel(initialAngleRadians: Double, chip: InMemoryGPIOChip, pwm: InMemoryPWMProvider, now: Int64) -> any SimulatedMotorModel {
        ServoHorn(
            mapping: mapping, slewRadiansPerSecond: slewRadiansPerSecond, angleRadians: initialAngleRadians,
            state: pwm.state(chip: pwmChip, channel: pwmChannel) ?? PWMChannelState(), now: now)
    }
}

extension SimulatedAxisSpec.Motor {
    /// A hobby servo on a PWM channel (`SimulatedServoSpec`).
    public static func servo(pwmChip: Int, pwmChannel: Int, mapping: ServoPulseMapping, slewRadiansPerSecond: Double) -> SimulatedAxisSpec.Motor {
        SimulatedAxisSpec.Motor(SimulatedServoSpec(
            pwmChip: pwmChip, pwmChannel: pwmChannel, mapping: mapping, slewRadiansPerSecond: slewRadiansPerSecond))
    }
}

extension ServoHorn: SimulatedMotorModel {
    /// Held, the horn does not move; its target stays.
    func hold() {}

    func pwmWritten(_ change: PWMWrite.Change, at instant: Int64) {
        switch change {
        case .periodNanoseconds(let period): periodNanoseconds = period
        case .dutyCycleNanoseconds(let duty): dutyCycleNanoseconds = duty
        case .enabled(let enabled): setEnabled(enabled, at: instant)
        }
    }

    var isDriven: Bool { pwmEnabled }
}
