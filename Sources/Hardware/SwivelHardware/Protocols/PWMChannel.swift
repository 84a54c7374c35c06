/// One PWM output (a servo signal). Same timing rule as `DigitalOutput`:
/// `instant` is when the change takes effect.
public protocol PWMChannel: AnyObject {
    func configure(periodNanoseconds: Int64) throws(HardwareError)
    func setDutyCycle(nanoseconds: Int64, at instant: MonotonicInstant)
    func setEnabled(_ enabled: Bool, at instant: MonotonicInstant)
}
