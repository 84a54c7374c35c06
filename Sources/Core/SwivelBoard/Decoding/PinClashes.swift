/// A header pin a peripheral brings out: a PWM channel's output, a UART's
/// TXD or RXD, an I2C bus's SDA or SCL.
struct PeripheralPinUse {
    var line: Int
    /// "pwmchip0 channel 0's output", "/dev/ttyS0's TXD", "/dev/i2c-1's SDA".
    var signal: String
    /// Uses with the same owner share the pin by design (two servos on one
    /// bus, two sensors on one I2C bus); the owner is the peripheral.
    var owner: String
    var path: String
    var fileLine: Int?
}

/// A button on the pin a servo's PWM comes out on, or on the host link's
/// TXD, would fight the peripheral: a GPIO line and a peripheral, or two
/// peripherals, may not share a header pin. Only a Pi's chip says which pins
/// its peripherals use; elsewhere only lines are compared (`reportLineConflicts`).
extension BoardDecoder {
    func notePWMPins(chip: Int, channel: Int, path: String, fileLine: Int) {
        guard let chipLabel else { return }
        let signal = "pwmchip\(chip) channel \(channel)'s output"
        for line in PiHeader.pwmLines(channel: channel, chipLabel: chipLabel) {
            peripheralPinUses.append(PeripheralPinUse(
                line: line, signal: signal, owner: "pwmchip\(chip) channel \(channel)", path: path, fileLine: fileLine))
        }
    }

    func noteUARTPins(device: String, path: String, fileLine: Int?) {
        guard let chipLabel, let (tx, rx) = PiHeader.uartLines(device: device, chipLabel: chipLabel) else { return }
        let owner = MotorClaim.serialDevice(device)
        peripheralPinUses.append(PeripheralPinUse(line: tx, signal: "\(device)'s TXD", owner: owner, path: path, fileLine: fileLine))
        peripheralPinUses.append(PeripheralPinUse(line: rx, signal: "\(device)'s RXD", owner: owner, path: path, fileLine: fileLine))
    }

    func noteI2CPins(bus: Int, path: String, fileLine: Int) {
        guard let chipLabel, let (sda, scl) = PiHeader.i2cLines(bus: bus, chipLabel: chipLabel) else { return }
        let owner = "/dev/i2c-\(bus)"
        peripheralPinUses.append(PeripheralPinUse(line: sda, signal: "\(owner)'s SDA", owner: owner, path: path, fileLine: fileLine))
        peripheralPinUses.append(PeripheralPinUse(line: scl, signal: "\(owner)'s SCL", owner: owner, path: path, fileLine: fileLine))
    }

    /// After every line and peripheral is read. A line that a peripheral also
    /// uses is reported at the line's key (a button or a step line is what a
    /// maker moves); two peripherals on one pin, at the later one. Two lines
    /// are `reportLineConflicts`' and one serial device twice `reportClaimConflicts`'.
    func reportPinClashes() {
        guard let chipLabel else { return }
        var firstPeripheral: [Int: PeripheralPinUse] = [:]
        var reported: Set<[String]> = []
        for use in peripheralPinUses {
            guard let earlier = firstPeripheral[use.line] else {
                firstPeripheral[use.line] = use
                continue
            }
            guard earlier.owner != use.owner else { continue }
            guard reported.insert([use.path, earlier.path]).inserted else { continue }
            report(use.path, line: use.fileLine, "\(use.path)\(Self.at(use.fileLine)) and \(earlier.path)"
                + "\(Self.at(earlier.fileLine)) both use \(PiHeader.describe(line: use.line, chipLabel: chipLabel)): "
                + "\(use.signal) here, \(earlier.signal) there")
        }
        for use in lineUses {
            guard let peripheral = firstPeripheral[use.line] else { continue }
            report(use.path, line: use.fileLine, "\(use.path) (line \(use.fileLine)) and \(peripheral.path)"
                + "\(Self.at(peripheral.fileLine)) both use \(PiHeader.describe(line: use.line, chipLabel: chipLabel)), "
                + "which is \(peripheral.signal): move \(use.path) to a free line")
        }
    }

    private static func at(_ fileLine: Int?) -> String { fileLine.map { " (line \($0))" } ?? "" }
}
