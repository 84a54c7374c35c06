extension BoardKeys {
    static let stepper = ["type", "stepLine", "dirLine", "enableLine", "enableActiveLow", "stepsPerRevolution",
                          "microsteps", "gearRatio", "invertDirection", "maxStepRateHz", "minPulseWidthNs",
                          "dirSetupNs", "tmc2209"]
}

/// A step/dir stepper and the two checks that tie it to its axis's speed.
extension BoardDecoder {
    func decodeStepper(_ motor: ObjectFields, limits: LimitsRead) -> Board.Stepper? {
        let stepLine = gpioLine(motor, "stepLine", required: true)
        let directionLine = gpioLine(motor, "dirLine", required: true)
        let enableLine = gpioLine(motor, "enableLine", required: false)
        let enableActiveLow = bool(motor, "enableActiveLow", default: true)
        let stepsPerRevolution = integer(motor, "stepsPerRevolution", in: 1...100_000)
        let microsteps = integer(motor, "microsteps", oneOf: BoardKeys.microsteps, default: 1)
        let gearRatio = number(motor, "gearRatio", .gearRatio, default: 1)
        let invertDirection = bool(motor, "invertDirection", default: false)
        let maxStepRate = number(motor, "maxStepRateHz", .closed(1, 500_000), default: 20_000)
        let minPulseWidth = integer(motor, "minPulseWidthNs", in: 100...1_000_000, default: 2000)
        let directionSetup = integer(motor, "dirSetupNs", in: 0...1_000_000, default: 1000)
        let tmc2209 = motor.has("tmc2209") ? decodeTMC2209UART(motor) : nil

        var consistent = true
        if let minPulseWidth, let maxStepRate {
            consistent = checkPulseFitsStepPeriod(minPulseWidth, maxStepRate) && consistent
        }
        if let maxSpeed = limits.maxSpeed, let stepsPerRevolution, let microsteps, let gearRatio, let maxStepRate {
            let microstepsPerRevolution = Double(stepsPerRevolution.value * microsteps.value) * gearRatio.value
            let needed = maxSpeed.value * microstepsPerRevolution / (2 * Double.pi)
            if needed > maxStepRate.value {
                report(maxSpeed, "\(ValueText.number(maxSpeed.value)) rad/s needs "
                    + "\(Int(needed.rounded(.up))) microsteps/s (\(stepsPerRevolution.value) steps × "
                    + "\(microsteps.value) microsteps × gear \(ValueText.number(gearRatio.value)) per revolution), "
                    + "but \(maxStepRate.path) is \(ValueText.number(maxStepRate.value))")
                consistent = false
            }
        }

        let hasEnableLine = motor.has("enableLine")
        guard consistent, let stepLine, let directionLine, enableLine != nil || !hasEnableLine, tmc2209 != nil || !motor.has("tmc2209"),
              let enableActiveLow, let stepsPerRevolution, let microsteps, let gearRatio, let invertDirection,
              let maxStepRate, let minPulseWidth, let directionSetup else { return nil }
        return Board.Stepper(
            stepLine: stepLine.value, directionLine: directionLine.value, enableLine: enableLine?.value,
            enableActiveLow: enableActiveLow.value, stepsPerRevolution: stepsPerRevolution.value,
            microsteps: microsteps.value, gearRatio: gearRatio.value, invertDirection: invertDirection.value,
            maxStepRateHz: maxStepRate.value, minPulseWidthNanoseconds: minPulseWidth.value,
            directionSetupNanoseconds: directionSetup.value, tmc2209: tmc2209)
    }

    /// STEP must stay high for the pulse width and low for as long again
    /// within one period at the fastest step rate.
    private func checkPulseFitsStepPeriod(_ minPulseWidth: Located<Int>, _ maxStepRate: Located<Double>) -> Bool {
        let highAndLow = 2 * Double(minPulseWidth.value)
        let period = 1e9 / maxStepRate.value
        guard highAndLow > period else { return true }
        report(minPulseWidth, "a step needs \(minPulseWidth.value) ns high and \(minPulseWidth.value) ns low "
            + "(\(ValueText.number(highAndLow)) ns), more than the \(ValueText.rounded(period)) ns step period "
            + "at \(maxStepRate.path) \(ValueText.number(maxStepRate.value))")
        return false
    }

    /// A GPIO line offset, recorded for the conflict check.
    func gpioLine(_ fields: ObjectFields, _ key: String, required: Bool) -> Located<Int>? {
        guard required || fields.has(key) else { return nil }
        guard let line = integer(fields, key, in: BoardKeys.gpioLines) else { return nil }
        lineUses.append(LineUse(line: line.value, path: line.path, fileLine: line.line))
        return line
    }
}
