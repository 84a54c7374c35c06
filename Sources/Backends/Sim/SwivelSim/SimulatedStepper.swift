public import SwivelHardware

/// A stepper behind a step/dir driver. The rotor follows the driver's field
/// through a spring-damper while ENABLE is active and coasts to rest against
/// friction while it is not. A real rotor is pulled to the nearest of the
/// field's equilibria, one every electrical period (4 full steps);
/// `electricalPeriodMicrosteps` models that (0: an ideal spring to the
/// field's absolute angle).
public struct SimulatedStepperSpec: SimulatedMotorSpec, Equatable {
    public var stepLine: Int
    public var directionLine: Int
    public var enableLine: Int?
    public var enableActiveLow: Bool
    public var microstepsPerRadian: Double
    public var invertDirection: Bool
    public var naturalFrequencyHz: Double
    public var dampingRatio: Double
    public var coastDecelerationRadiansPerSecondSquared: Double
    public var electricalPeriodMicrosteps: Int

    public var watchedLines: [SimulatedLineWatch] {
        [SimulatedLineWatch(line: stepLine, role: "STEP", risingEdgesOnly: true),
         SimulatedLineWatch(line: directionLine, role: "DIR")]
            + (enableLine.map { [SimulatedLineWatch(line: $0, role: "ENABLE")] } ?? [])
    }

    public func validate(axis: Axis) throws(HardwareError) {
        try SimulatedMotorChecks.positive(microstepsPerRadian, "microsteps per radian", axis)
        try SimulatedMotorChecks.positive(naturalFrequencyHz, "natural frequency", axis)
        try SimulatedMotorChecks.positive(dampingRatio, "damping ratio", axis, allowZero: true)
        try SimulatedMotorChecks.positive(coastDecelerationRadiansPerSecondSquared, "coasting deceleration", axis, allowZero: true)
    }

    public func makeModel(initialAngleRadians: Double, chip: InMemoryGPIOChip, pwm: InMemoryPWMProvider, now: Int64) -> any SimulatedMotorModel {
        StepperRotor(
            microstepsPerRadian: microstepsPerRadian, invertDirection: invertDirection,
            enableActiveLow: enableActiveLow, hasEnableLine: enableLine != nil,
            naturalFrequencyHz: naturalFrequencyHz, dampingRatio: dampingRatio,
            coastDecelerationRadiansPerSecondSquared: coastDecelerationRadiansPerSecondSquared,
            electricalPeriodRadians: Double(electricalPeriodMicrosteps) / microstepsPerRadian,
            angleRadians: initialAngleRadians,
            directionLevel: chip.outputLevel(line: directionLine) ?? false,
            enableLevel: enableLine.flatMap { chip.outputLevel(line: $0) } ?? false,
            stepLine: stepLine, directionLine: directionLine, enableLine: enableLine)
    }
}

extension SimulatedAxisSpec.Motor {
    /// A stepper behind a step/dir driver (`SimulatedStepperSpec`).
    public static func stepper(
        stepLine: Int, directionLine: Int, enableLine: Int?, enableActiveLow: Bool,
        microstepsPerRadian: Double, invertDirection: Bool,
        naturalFrequencyHz: Double, dampingRatio: Double,
        coastDecelerationRadiansPerSecondSquared: Double = 20,
        electricalPeriodMicrosteps: Int = 0
    ) -> SimulatedAxisSpec.Motor {
        SimulatedAxisSpec.Motor(SimulatedStepperSpec(
            stepLine: stepLine, directionLine: directionLine, enableLine: enableLine, enableActiveLow: enableActiveLow,
            microstepsPerRadian: microstepsPerRadian, invertDirection: invertDirection,
            naturalFrequencyHz: naturalFrequencyHz, dampingRatio: dampingRatio,
            coastDecelerationRadiansPerSecondSquared: coastDecelerationRadiansPerSecondSquared,
            electricalPeriodMicrosteps: electricalPeriodMicrosteps))
    }
}

extension StepperRotor: SimulatedMotorModel {
    func hold() { velocityRadiansPerSecond = 0 }

    func lineWritten(_ line: Int, high: Bool, at instant: Int64) {
        if line == stepLine {
            if high { stepRisingEdge() }
        } else if line == directionLine {
            directionLevel = high
        } else if line == enableLine {
            enableLevel = high
        }
    }

    var isDriven: Bool { isEnabled }

    func push(radiansPerSecond: Double) { velocityRadiansPerSecond += radiansPerSecond }

    var fieldAngleRadians: Double? { fieldRadians }

    func skipSteps(fraction: Double) -> Bool {
        lostStepFraction = fraction
        return true
    }
}
