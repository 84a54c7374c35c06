import SwivelHardware

/// Checks a stand description against the chip and PWM provider it is wired
/// to, so a bad board file fails at start with a reason instead of producing
/// a model that silently ignores a line.
enum StandModelValidation {
    static func check(_ specs: [SimulatedAxisSpec], chip: InMemoryGPIOChip, pwm: InMemoryPWMProvider) throws(HardwareError) {
        var usedLines: [Int: String] = [:]
        var usedChannels: [String] = []
        var names: Set<Axis> = []

        func claim(_ line: Int, _ role: String, _ axis: Axis) throws(HardwareError) {
            guard line >= 0, line < chip.lineCount else {
                throw HardwareError(.lineOutOfRange, "simulated axis '\(axis)': \(role) line \(line) is not on chip '\(chip.label)' (lines 0...\(chip.lineCount - 1))")
            }
            if let other = usedLines[line] {
                throw HardwareError(.lineBusy, "simulated axis '\(axis)': \(role) line \(line) is already the \(other)")
            }
            usedLines[line] = "\(role) line of '\(axis)'"
        }


        for spec in specs {
            let name = spec.axis
            guard names.insert(name).inserted else {
                throw HardwareError(.invalidConfiguration, "two simulated axes are named '\(name)'")
            }
            guard spec.initialAngleRadians.isFinite else {
                throw HardwareError(.invalidConfiguration, "simulated axis '\(name)': initial angle \(spec.initialAngleRadians) is not finite")
            }
            let motor = spec.motor.spec
            for watch in motor.watchedLines { try claim(watch.line, watch.role, name) }
            if let output = motor.watchedPWM {
                let (pwmChip, pwmChannel) = (output.chip, output.channel)
                guard pwm.state(chip: pwmChip, channel: pwmChannel) != nil else {
                    throw HardwareError(.lineOutOfRange, "simulated axis '\(name)': PWM chip \(pwmChip) channel \(pwmChannel) does not exist on the mock provider")
                }
                let key = "\(pwmChip)/\(pwmChannel)"
                guard !usedChannels.contains(key) else {
                    throw HardwareError(.lineBusy, "simulated axis '\(name)': PWM chip \(pwmChip) channel \(pwmChannel) already drives another axis")
                }
                usedChannels.append(key)
            }
            try motor.validate(axis: name)
            if case let .quadrature(lineA, lineB, countsPerRadian, _) = spec.encoder {
                try claim(lineA, "encoder A", name)
                try claim(lineB, "encoder B", name)
                try SimulatedMotorChecks.positive(countsPerRadian, "encoder counts per radian", name)
            }
        }
    }
}
