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
