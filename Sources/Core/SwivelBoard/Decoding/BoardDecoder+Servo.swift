extension BoardKeys {
    static let servo = ["type", "pwmChip", "pwmChannel", "softwarePwmLine", "periodUs", "minPulseUs", "maxPulseUs",
                        "angleAtMinPulseRad", "angleAtMaxPulseRad"]
}

/// A hobby servo on a PWM channel and the checks that tie it to its axis.
extension BoardDecoder {
    func decodeServo(_ motor: ObjectFields, limits: LimitsRead, continuous: Located<Bool>?) -> Board.Servo? {
        let output = decodeServoOutput(motor)
        let period = integer(motor, "periodUs", in: 2500...100_000, default: 20_000)
        // The same pulse and angle checks as every hobby servo (BoardDecoder+PCA9685Servo.swift).
        guard let pulses = decodeServoPulses(motor, limits: limits, continuous: continuous, periodMicroseconds: period?.value,
                                             periodKey: "periodUs"),
              let output, let period else { return nil }
        return Board.Servo(
            output: output, periodMicroseconds: period.value,
            minPulseMicroseconds: pulses.min, maxPulseMicroseconds: pulses.max,
            angleAtMinPulseRadians: pulses.angleAtMin, angleAtMaxPulseRadians: pulses.angleAtMax)
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
