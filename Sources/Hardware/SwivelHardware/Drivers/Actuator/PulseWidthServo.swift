/// A motor that is a hobby servo driven by pulse width (on a PWM channel, a
/// PCA9685 channel, the Pan-Tilt HAT): besides angles, it can be sent a raw
/// width, which is how its end points are found (`MotionCommand.setServoPulse`).
/// Called on the loop thread, inside the tick, as every `Actuator` method.
public protocol PulseWidthServo: Actuator {
    var mapping: ServoPulseMapping { get }
    /// The widths a jog may send: `safeJogPulseNanoseconds` narrowed to what
    /// the output can send (a pulse shorter than its period).
    var jogRangeNanoseconds: ClosedRange<Int64> { get }
    /// Sends `pulseNanoseconds` from `instant` on, energising the servo if it
    /// was off. The caller keeps it inside `jogRangeNanoseconds`.
    func jog(pulseNanoseconds: Int64, at instant: MonotonicInstant)
}

public enum ServoJog {
    /// What any hobby servo may be sent by hand, whatever its calibration:
    /// `InputRanges.servoPulse`, 500...2500 µs.
    public static let safePulseNanoseconds: ClosedRange<Int64> = 500_000...2_500_000

    /// The safe range, below a frame of `periodNanoseconds` (the output could not send a longer pulse).
    public static func range(periodNanoseconds: Int64) -> ClosedRange<Int64> {
        let upper = min(safePulseNanoseconds.upperBound, periodNanoseconds - 1_000)
        return safePulseNanoseconds.lowerBound...max(safePulseNanoseconds.lowerBound, upper)
    }
}

extension ServoDriver: PulseWidthServo {
    public var jogRangeNanoseconds: ClosedRange<Int64> { ServoJog.range(periodNanoseconds: periodNanoseconds) }

    /// The width first, then the train on, so its first pulse is this one.
    public func jog(pulseNanoseconds pulse: Int64, at instant: MonotonicInstant) {
        write(pulseNanoseconds: pulse, at: instant)
        if !isEnabled { enable(at: instant) }
    }
}

extension I2CServoActuator: PulseWidthServo {}
