extension BoardKeys {
    static let servo = ["type", "pwmChip", "pwmChannel", "softwarePwmLine", "periodUs", "minPulseUs", "maxPulseUs",
                        "angleAtMinPulseRad", "angleAtMaxPulseRad"]
}

/// A hobby servo on a PWM channel and the checks that tie it to its axis.
extension BoardDecoder {
    func decodeServo(_ motor: ObjectFields, limits: LimitsRead, continuous: Located<Bool>?) -> Board.Servo? {
        let output = decodeServoOutput(motor)
        let period = integer(motor, "periodUs", in: 2500...100_000, default: 20_000)
        let minPulse = integer(motor, "minPulseUs", in: 100...100_000)
        let maxPulse = integer(motor, "maxPulseUs", in: 100...100_000)
        // A hobby servo turns through less than a turn either way.
        let angleAtMin = number(motor, "angleAtMinPulseRad", .oneTurn)
        let angleAtMax = number(motor, "angleAtMaxPulseRad", .oneTurn)

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

        guard consistent, let output, let period, let minPulse, let maxPulse, let angleAtMin,
              let angleAtMax else { return nil }
        return Board.Servo(
            output: output, periodMicroseconds: period.value,
            minPulseMicroseconds: minPulse.value, maxPulseMicroseconds: maxPulse.value,
            angleAtMinPulseRadians: angleAtMin.value, angleAtMaxPulseRadians: angleAtMax.value)
    }

    /// Exactly one of: a hardware PWM channel (`pwmChip` and `pwmChannel`),
    /// or a GPIO line toggled in software (`softwarePwmLine`).
    private func decodeServoOutput(_ motor: ObjectFields) -> Board.Servo.Output? {
        if let software = motor.member("softwarePwmLine") {
            let hardwareKeys = ["pwmChip", "pwmChannel"].filter(motor.has)
            guard hardwareKeys.isEmpty else {
                report(motor.path(of: "softwarePwmLine"), line: software.value.line,
                       "give either softwarePwmLine or pwmChip and pwmChannel, not both (this motor also has "
                       + "\(ValueText.list(hardwareKeys)))")
                return nil
            }
            return gpioLine(motor, "softwarePwmLine", required: true).map { .softwarePWM(line: $0.value) }
        }
        if !motor.has("pwmChip"), !motor.has("pwmChannel") {
            report(motor.path(of: "pwmChip"), line: motor.line,
                   "required key is missing: a servo needs pwmChip and pwmChannel (hardware PWM) or softwarePwmLine")
            return nil
        }
        let chip = integer(motor, "pwmChip", in: 0...63)
        let channel = integer(motor, "pwmChannel", in: 0...63)
        guard let chip, let channel else { return nil }
        pwmUses.append(PwmUse(chip: chip.value, channel: channel.value, motorPath: motor.path,
                              path: channel.path, fileLine: channel.line))
        notePWMPins(chip: chip.value, channel: channel.value, path: motor.path, fileLine: channel.line)
        return .hardwarePWM(chip: chip.value, channel: channel.value)
    }

    /// The axis can only be commanded where the servo can go.
    func checkRangeInsideSpan(_ limits: LimitsRead, _ angleAtMin: Located<Double>,
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
