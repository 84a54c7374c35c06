/// The GPIO lines a board claims, named as a maker wires them: the key, the
/// chip's line offset and, on a Raspberry Pi's chip, the 40-pin header pin.
extension Board {
    public struct Signal: Equatable, Sendable {
        /// `axes.yaw.motor.stepLine`, `buttons[0].line`.
        public var keyPath: String
        /// Where the key is in the board file.
        public var fileLine: Int
        /// The line offset on `gpioChipLabel` (the BCM GPIO number on a Pi).
        public var line: Int

        public init(keyPath: String, fileLine: Int, line: Int) {
            self.keyPath = keyPath
            self.fileLine = fileLine
            self.line = line
        }
    }

    /// "axes.yaw.motor.stepLine: pinctrl-bcm2711 line 17 (GPIO17, header pin 11)", one per GPIO line,
    /// then what motors claim besides lines (a servo's hardware PWM channel, a
    /// bus servo's UART) and each AS5600's I2C bus, which claim header pins too.
    public var signalDescriptions: [String] {
        var lines = signals.map { "\($0.keyPath): \(PiHeader.describe(line: $0.line, chipLabel: gpioChipLabel))" }
        for (name, axis) in axes.present {
            lines += axis.motor.settings.headerClaims(keyPath: "axes.\(name).motor", chipLabel: gpioChipLabel)
            if case .as5600(let sensor) = axis.encoder {
                lines.append("axes.\(name).encoder: "
                    + PiHeader.describeI2C(bus: sensor.i2cBus, address: sensor.address, chipLabel: gpioChipLabel))
            }
        }
        return lines
    }

    /// A line a Pi's chip has but its header does not carry: valid (the chip
    /// has it, and a Compute Module's carrier may route it), but on a Pi
    /// board it drives nothing a maker can reach, so it is worth a warning,
    /// not a refusal.
    public var warnings: [BoardProblem] {
        guard PiHeader.isPiChip(gpioChipLabel) else { return [] }
        let header = "GPIO\(PiHeader.gpios.lowerBound)–GPIO\(PiHeader.gpios.upperBound)"
        return signals.filter { PiHeader.pin(ofLine: $0.line, chipLabel: gpioChipLabel) == nil }.map {
            BoardProblem(keyPath: $0.keyPath, line: $0.fileLine,
                         reason: "line \($0.line) of \(gpioChipLabel) is not on the 40-pin header, which carries "
                            + "\(header) only: check the BCM number (GPIO17 is header pin 11, and you write 17)")
        }
    }
}
