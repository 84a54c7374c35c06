/// A hobby servo on a PWM channel and the checks that tie it to its axis.
extension BoardDecoder {
    func decodeServo(_ motor: ObjectFields, limits: LimitsRead, continuous: Located<Bool>?) -> Board.Servo? {
        let chip = integer(motor, "pwmChip", in: 0...63)
        let channel = integer(motor, "pwmChannel", in: 0...63)
        if let chip, let channel {
            pwmUses.append(PwmUse(chip: chip.value, channel: channel.value, motorPath: motor.path,
                                  path: channel.path, fileLine: channel.line))
        }
        let period = integer(motor, "periodUs", in: 2500...100_000, default: 20_000)
        let minPulse = integer(motor, "minPulseUs", in: 100...100_000)
        let maxPulse = integer(motor, "maxPulseUs", in: 100...100_000)
        let angleAtMin = number(motor, "angleAtMinPulseRad", nil)
        let angleAtMax = number(motor, "angleAtMaxPulseRad", nil)

        var consistent = true
        if let minPulse, let maxPulse, minPulse.value >= maxPulse.value {
            report(maxPulse, "must be greater than minPulseUs (\(minPulse.value)), found \(maxPulse.value)")
            consistent = false
        }
        if let maxPulse, let period, maxPulse.value >= period.value {
            report(maxPulse, "must be less than periodUs (\(period.value)), found \(maxPulse.value)")
            consistent = false
        }
        if let angleAtMin, let angleAtMax {
            if angleAtMin.value == angleAtMax.value {
                report(angleAtMax, "must differ from angleAtMinPulseRad (\(ValueText.number(angleAtMin.value))); "
                    + "a decreasing pair makes an inverted servo")
                consistent = false
            } else {
                consistent = checkRangeInsideSpan(limits, angleAtMin, angleAtMax) && consistent
            }
        }
        if let continuous, continuous.value {
            report(continuous, "a servo axis cannot be continuous: a hobby servo turns through a limited angle")
            consistent = false
        }

        guard consistent, let chip, let channel, let period, let minPulse, let maxPulse, let angleAtMin,
              let angleAtMax else { return nil }
        return Board.Servo(
            pwmChip: chip.value, pwmChannel: channel.value, periodMicroseconds: period.value,
            minPulseMicroseconds: minPulse.value, maxPulseMicroseconds: maxPulse.value,
            angleAtMinPulseRadians: angleAtMin.value, angleAtMaxPulseRadians: angleAtMax.value)
    }

    /// The axis can only be commanded where the servo can go.
    private func checkRangeInsideSpan(_ limits: LimitsRead, _ angleAtMin: Located<Double>,
                                      _ angleAtMax: Located<Double>) -> Bool {
        let low = min(angleAtMin.value, angleAtMax.value)
        let high = max(angleAtMin.value, angleAtMax.value)
        let span = "\(ValueText.number(low))...\(ValueText.number(high)) rad (angleAtMinPulseRad to angleAtMaxPulseRad)"
        var inside = true
        if let minimum = limits.minimum, minimum.value < low {
            report(minimum, "\(ValueText.number(minimum.value)) is outside the servo's angle span \(span)")
            inside = false
        }
        if let maximum = limits.maximum, maximum.value > high {
            report(maximum, "\(ValueText.number(maximum.value)) is outside the servo's angle span \(span)")
            inside = false
        }
        return inside
    }
}
