/// The Raspberry Pi's 40-pin header, for the GPIO chips whose line offsets are
/// BCM GPIO numbers. A line such as 40 exists on a Pi 4's chip (it has 58) but
/// is wired to the SoC's own peripherals, not to a header pin, so a board that
/// names it drives nothing a maker can reach.
public enum PiHeader {
    /// Labels of the Pi chips whose lines 0–27 are the header's GPIO0–GPIO27:
    /// the BCM2711 (Pi 4, Pi 400, CM4), the BCM2835 driver that also serves the
    /// BCM2836/2837 (Pi 2, Pi 3, Zero, Zero 2 W), and the RP1 (Pi 5).
    public static let chipLabels = ["pinctrl-bcm2711", "pinctrl-bcm2835", "pinctrl-rp1"]

    /// The header GPIOs, GPIO0–GPIO27.
    public static let gpios = 0...27

    /// Physical header pin of each header GPIO (index = BCM number).
    private static let pins = [27, 28, 3, 5, 7, 29, 31, 26, 24, 21, 19, 23, 32, 33,
                               8, 10, 36, 11, 12, 35, 38, 40, 15, 16, 18, 22, 37, 13]

    public static func isPiChip(_ label: String) -> Bool { chipLabels.contains(label) }

    /// The header pin of `line` on chip `label`; nil on another chip or off the header.
    public static func pin(ofLine line: Int, chipLabel label: String) -> Int? {
        guard isPiChip(label), gpios.contains(line) else { return nil }
        return pins[line]
    }

    /// Where a hardware PWM channel comes out: on the BCM2711 and BCM2835,
    /// PWM0 channel 0 is GPIO12 or GPIO18 and channel 1 GPIO13 or GPIO19,
    /// whichever the dtoverlay selects; elsewhere only the overlay says.
    public static func describePWM(chip: Int, channel: Int, chipLabel label: String) -> String {
        let name = "pwmchip\(chip) channel \(channel)"
        let choices = [0: (12, 18), 1: (13, 19)]
        guard label == "pinctrl-bcm2711" || label == "pinctrl-bcm2835", let (first, second) = choices[channel] else {
            return name + " (on the GPIO its dtoverlay routes it to)"
        }
        return name + " (GPIO\(first), header pin \(pins[first]), or GPIO\(second), header pin \(pins[second]), "
            + "as the dtoverlay routes it)"
    }

    /// The header GPIOs a hardware PWM channel may come out on: on the
    /// BCM2711 and BCM2835 channel 0 is GPIO12 or GPIO18, channel 1 GPIO13 or
    /// GPIO19, as the dtoverlay selects. The board file does not say which,
    /// so both are the channel's; elsewhere (the RP1) only the overlay says.
    public static func pwmLines(channel: Int, chipLabel label: String) -> [Int] {
        guard label == "pinctrl-bcm2711" || label == "pinctrl-bcm2835" else { return [] }
        return [0: [12, 18], 1: [13, 19]][channel] ?? []
    }

    /// TXD and RXD of a header UART: GPIO14 and GPIO15. On the BCM chips
    /// `/dev/serial0` and its two possible targets, the PL011 `/dev/ttyAMA0`
    /// and the mini UART `/dev/ttyS0` (a Zero's or a Pi 3's); on a Pi 5's RP1
    /// UART0, `/dev/ttyAMA0` (its `/dev/serial0` is the debug connector).
    public static func uartLines(device: String, chipLabel label: String) -> (tx: Int, rx: Int)? {
        let headerUARTs = switch label {
        case "pinctrl-bcm2711", "pinctrl-bcm2835": ["/dev/serial0", "/dev/ttyAMA0", "/dev/ttyS0"]
        case "pinctrl-rp1": ["/dev/ttyAMA0"]
        default: [String]()
        }
        return headerUARTs.contains(device) ? (14, 15) : nil
    }

    /// SDA and SCL of an I2C bus: bus 1, `i2c_arm`, is GPIO2 and GPIO3 on every Pi chip.
    public static func i2cLines(bus: Int, chipLabel label: String) -> (sda: Int, scl: Int)? {
        isPiChip(label) && bus == 1 ? (2, 3) : nil
    }

    /// An I2C bus: bus 1, the Pi's `i2c_arm`, is GPIO2 and GPIO3 on all three chips.
    public static func describeI2C(bus: Int, address: Int, chipLabel label: String) -> String {
        let name = "/dev/i2c-\(bus) address \(ValueText.hexByte(address))"
        guard isPiChip(label), bus == 1 else { return name }
        return name + " (SDA GPIO2, header pin \(pins[2]); SCL GPIO3, header pin \(pins[3]))"
    }

    /// How a message names a line: "pinctrl-bcm2711 line 17 (GPIO17, header pin 11)",
    /// "pinctrl-bcm2711 line 40 (GPIO40, not on the 40-pin header)", "swivel-sim line 17".
    public static func describe(line: Int, chipLabel label: String) -> String {
        let name = "\(label) line \(line)"
        guard isPiChip(label) else { return name }
        guard let pin = pin(ofLine: line, chipLabel: label) else { return name + " (GPIO\(line), not on the 40-pin header)" }
        return name + " (GPIO\(line), header pin \(pin))"
    }

    /// The header UART: `/dev/serial0` (and `/dev/ttyAMA0`, its usual
    /// target) is TXD on GPIO14 and RXD on GPIO15 on every Pi. A half-duplex
    /// servo bus joins them (a 74LVC2G241-style buffer, or TX through 1 kΩ to
    /// the data line): see boards/README.md, "Serial bus servos".
    public static func describeUART(device: String, chipLabel label: String) -> String {
        if device == "pty" { return "the simulated chain on a pseudo-terminal" }
        guard isPiChip(label), device == "/dev/serial0" || device == "/dev/ttyAMA0" else {
            return "a USB or other serial adapter: its own pins"
        }
        return "TXD GPIO14, header pin \(pins[14]); RXD GPIO15, header pin \(pins[15])"
    }
}
