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

/// A stepper motor behind a step/dir driver.
///
/// The driver's translator counts STEP rising edges whatever ENABLE says (as
/// on the A4988/DRV8825), in the direction DIR has at that instant; the field
/// angle is that count over the microsteps per radian. While the driver is
/// enabled the rotor follows the field through `SpringDamper`. While it is
/// disabled there is no torque at all and the rotor coasts, slowed by a
/// constant (Coulomb) friction until it stops, then stays put: a released
/// stepper neither holds nor springs back.
final class StepperRotor {
    let damper: SpringDamper
    let microstepsPerRadian: Double
    let invertDirection: Bool
    let enableActiveLow: Bool
    let hasEnableLine: Bool
    let coastDecelerationRadiansPerSecondSquared: Double
    /// 0: an ideal spring to the field's absolute angle.
    let electricalPeriodRadians: Double
    /// The driver's lines, which the model routes to it.
    let stepLine: Int
    let directionLine: Int
    let enableLine: Int?

    var fieldMicrosteps: Int64
    var directionLevel: Bool
    var enableLevel: Bool
    var angleRadians: Double
    var velocityRadiansPerSecond = 0.0
    /// Fault injection: the share of steps the rotor fails to follow (a
    /// stepper skipping under load), and the microsteps it has lost so far.
    var lostStepFraction = 0.0
    private var lostStepCredit = 0.0
    private(set) var lostMicrosteps: Int64 = 0

    init(
        microstepsPerRadian: Double, invertDirection: Bool, enableActiveLow: Bool, hasEnableLine: Bool,
        naturalFrequencyHz: Double, dampingRatio: Double, coastDecelerationRadiansPerSecondSquared: Double,
        electricalPeriodRadians: Double = 0, angleRadians: Double, directionLevel: Bool, enableLevel: Bool,
        stepLine: Int, directionLine: Int, enableLine: Int?
    ) {
        self.stepLine = stepLine
        self.directionLine = directionLine
        self.enableLine = enableLine
        damper = SpringDamper(naturalFrequencyHz: naturalFrequencyHz, dampingRatio: dampingRatio)
        self.microstepsPerRadian = microstepsPerRadian
        self.invertDirection = invertDirection
        self.enableActiveLow = enableActiveLow
        self.hasEnableLine = hasEnableLine
        self.coastDecelerationRadiansPerSecondSquared = coastDecelerationRadiansPerSecondSquared
        self.electricalPeriodRadians = electricalPeriodRadians
        self.angleRadians = angleRadians
        self.directionLevel = directionLevel
        self.enableLevel = enableLevel
        // The driver powers up on the microstep nearest the rotor.
        fieldMicrosteps = Int64((angleRadians * microstepsPerRadian).rounded())
    }

    /// Without an ENABLE line the driver is always on.
    var isEnabled: Bool { !hasEnableLine || enableLevel != enableActiveLow }

    var fieldRadians: Double { Double(fieldMicrosteps) / microstepsPerRadian }

    func stepRisingEdge() {
        let step: Int64 = (directionLevel != invertDirection) ? 1 : -1
        fieldMicrosteps &+= step
        lostStepCredit += lostStepFraction
        if lostStepCredit >= 1 {
            lostStepCredit -= 1
            lostMicrosteps &+= step
        }
    }

    /// Where the rotor's torque pulls it: the field, less the steps it lost.
    private var equilibriumRadians: Double { Double(fieldMicrosteps &- lostMicrosteps) / microstepsPerRadian }

    func integrate(seconds: Double) {
        if isEnabled {
            var error = angleRadians - equilibriumRadians
            // The nearest equilibrium pulls: a rotor more than half a period
            // off (a field re-enabled far from it) snaps there and does not
            // swing back across many periods.
            if electricalPeriodRadians > 0 {
                error -= electricalPeriodRadians * (error / electricalPeriodRadians).rounded()
            }
            let next = damper.propagate(error: error, velocity: velocityRadiansPerSecond, seconds: seconds)
            angleRadians += next.error - error
            velocityRadiansPerSecond = next.velocity
            return
        }
        let speed = abs(velocityRadiansPerSecond)
        guard speed > 0 else { return }
        let direction: Double = velocityRadiansPerSecond > 0 ? 1 : -1
        let deceleration = coastDecelerationRadiansPerSecondSquared
        if speed <= deceleration * seconds {
            angleRadians += direction * speed * speed / (2 * deceleration)
            velocityRadiansPerSecond = 0
        } else {
            angleRadians += direction * (speed * seconds - deceleration * seconds * seconds / 2)
            velocityRadiansPerSecond = direction * (speed - deceleration * seconds)
        }
    }
}
