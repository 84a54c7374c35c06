/// The writes that change a PWM channel's period without breaking the
/// kernel's rule that the duty cycle never exceeds the period: sysfs refuses
/// (EINVAL) a period shorter than the current duty cycle, so a duty cycle
/// that would not fit is lowered first. It goes to 0, not to the new period:
/// a stale pulse from another configuration means nothing to this servo, and
/// no pulse makes it go limp rather than drive to an end stop.
enum PWMPeriodChange {
    enum Write: Equatable {
        case dutyCycleNanoseconds(Int64)
        case periodNanoseconds(Int64)
    }

    /// In order. Empty when the period is already `newPeriod`.
    static func writes(currentPeriod: Int64, currentDutyCycle: Int64, newPeriod: Int64) -> [Write] {
        guard newPeriod != currentPeriod else { return [] }
        if currentDutyCycle > newPeriod {
            return [.dutyCycleNanoseconds(0), .periodNanoseconds(newPeriod)]
        }
        return [.periodNanoseconds(newPeriod)]
    }
}
