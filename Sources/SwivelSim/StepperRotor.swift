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

    var fieldMicrosteps: Int64
    var directionLevel: Bool
    var enableLevel: Bool
    var angleRadians: Double
    var velocityRadiansPerSecond = 0.0

    init(
        microstepsPerRadian: Double, invertDirection: Bool, enableActiveLow: Bool, hasEnableLine: Bool,
        naturalFrequencyHz: Double, dampingRatio: Double, coastDecelerationRadiansPerSecondSquared: Double,
        angleRadians: Double, directionLevel: Bool, enableLevel: Bool
    ) {
        damper = SpringDamper(naturalFrequencyHz: naturalFrequencyHz, dampingRatio: dampingRatio)
        self.microstepsPerRadian = microstepsPerRadian
        self.invertDirection = invertDirection
        self.enableActiveLow = enableActiveLow
        self.hasEnableLine = hasEnableLine
        self.coastDecelerationRadiansPerSecondSquared = coastDecelerationRadiansPerSecondSquared
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
        fieldMicrosteps &+= (directionLevel != invertDirection) ? 1 : -1
    }

    func integrate(seconds: Double) {
        if isEnabled {
            let field = fieldRadians
            let next = damper.propagate(
                error: angleRadians - field, velocity: velocityRadiansPerSecond, seconds: seconds)
            angleRadians = field + next.error
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
