import SwivelHardware

/// A hobby servo. Its electronics look at one pulse per PWM period, so the
/// horn's target changes only at period boundaries, to the angle the pulse
/// width maps to (clamped to the mechanical span; a 0 ns duty is no pulse and
/// leaves the target alone). The horn then moves toward the target at the
/// servo's rated slew speed: hobby servos run their motor flat out until
/// close, so constant-rate slewing is the useful first-order model. With the
/// PWM disabled the servo gets no pulses and stops driving: the horn stays.
final class ServoHorn {
    let mapping: ServoPulseMapping
    let slewRadiansPerSecond: Double

    var periodNanoseconds: Int64
    var dutyCycleNanoseconds: Int64
    var pwmEnabled: Bool
    /// The next period boundary, where the servo reads a pulse; nil while disabled.
    var nextSample: Int64?
    var targetRadians: Double
    var angleRadians: Double
    var velocityRadiansPerSecond = 0.0

    init(mapping: ServoPulseMapping, slewRadiansPerSecond: Double, angleRadians: Double, state: PWMChannelState, now: Int64) {
        self.mapping = mapping
        self.slewRadiansPerSecond = slewRadiansPerSecond
        self.angleRadians = angleRadians
        targetRadians = angleRadians
        periodNanoseconds = state.periodNanoseconds
        dutyCycleNanoseconds = state.dutyCycleNanoseconds
        pwmEnabled = state.enabled
        nextSample = state.enabled ? now : nil
    }

    func setEnabled(_ enabled: Bool, at instant: Int64) {
        guard enabled != pwmEnabled else { return }
        pwmEnabled = enabled
        if enabled {
            nextSample = instant
        } else {
            nextSample = nil
            targetRadians = angleRadians
        }
    }

    /// Reads the pulse of the period starting at `instant`.
    func sample(at instant: Int64) {
        if dutyCycleNanoseconds > 0 {
            targetRadians = mapping.angle(forPulseNanoseconds: dutyCycleNanoseconds)
        }
        nextSample = periodNanoseconds > 0 ? instant + periodNanoseconds : nil
    }

    func integrate(seconds: Double) {
        let remaining = targetRadians - angleRadians
        let reach = slewRadiansPerSecond * seconds
        if abs(remaining) <= reach {
            angleRadians = targetRadians
            velocityRadiansPerSecond = 0
        } else {
            let direction: Double = remaining > 0 ? 1 : -1
            angleRadians += direction * reach
            velocityRadiansPerSecond = direction * slewRadiansPerSecond
        }
    }
}
