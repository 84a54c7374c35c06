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

        func positive(_ value: Double, _ what: String, _ axis: Axis, allowZero: Bool = false) throws(HardwareError) {
            guard value.isFinite, allowZero ? value >= 0 : value > 0 else {
                throw HardwareError(.invalidConfiguration, "simulated axis '\(axis)': \(what) must be \(allowZero ? "non-negative" : "positive") and finite, got \(value)")
            }
        }

        for spec in specs {
            let name = spec.axis
            guard names.insert(name).inserted else {
                throw HardwareError(.invalidConfiguration, "two simulated axes are named '\(name)'")
            }
            guard spec.initialAngleRadians.isFinite else {
                throw HardwareError(.invalidConfiguration, "simulated axis '\(name)': initial angle \(spec.initialAngleRadians) is not finite")
            }
            switch spec.motor {
            case let .stepper(step, direction, enable, _, microstepsPerRadian, _, frequency, damping, coast, _):
                try claim(step, "STEP", name)
                try claim(direction, "DIR", name)
                if let enable { try claim(enable, "ENABLE", name) }
                try positive(microstepsPerRadian, "microsteps per radian", name)
                try positive(frequency, "natural frequency", name)
                try positive(damping, "damping ratio", name, allowZero: true)
                try positive(coast, "coasting deceleration", name, allowZero: true)
            case let .servo(pwmChip, pwmChannel, _, slew):
                guard pwm.state(chip: pwmChip, channel: pwmChannel) != nil else {
                    throw HardwareError(.lineOutOfRange, "simulated axis '\(name)': PWM chip \(pwmChip) channel \(pwmChannel) does not exist on the mock provider")
                }
                let key = "\(pwmChip)/\(pwmChannel)"
                guard !usedChannels.contains(key) else {
                    throw HardwareError(.lineBusy, "simulated axis '\(name)': PWM chip \(pwmChip) channel \(pwmChannel) already drives another axis")
                }
                usedChannels.append(key)
                try positive(slew, "servo slew rate", name)
            }
            if case let .quadrature(lineA, lineB, countsPerRadian, _) = spec.encoder {
                try claim(lineA, "encoder A", name)
                try claim(lineB, "encoder B", name)
                try positive(countsPerRadian, "encoder counts per radian", name)
            }
        }
    }
}
