#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelTestSupport
import SwivelStandHarness
import Testing

/// `swiveld check-board` names every GPIO line as a maker wires it, and warns
/// about a line a Raspberry Pi's chip has but its 40-pin header does not carry.
@Suite struct DaemonCheckBoardSignalsTests {
    static let pi4 = BoardFixtures.boardsDirectory + "/rpi4-stepper-pantilt.json5"
    static let pi5 = BoardFixtures.boardsDirectory + "/rpi5-stepper-pantilt.json5"

    /// The Pi 4 board's wiring table in boards/README.md, as check-board prints it.
    @Test func everySignalIsListedWithItsGPIOAndHeaderPin() throws {
        let result = try Subprocess.run(DaemonTests.swiveld, ["check-board", Self.pi4])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let signals = result.standardOutput.split(separator: "\n").dropLast().map { String($0.dropFirst(Self.pi4.count + 2)) }
        #expect(signals.filter { $0.contains(" line ") } == [
            "axes.pitch.motor.stepLine: pinctrl-bcm2711 line 23 (GPIO23, header pin 16)",
            "axes.pitch.motor.dirLine: pinctrl-bcm2711 line 24 (GPIO24, header pin 18)",
            "axes.pitch.motor.enableLine: pinctrl-bcm2711 line 25 (GPIO25, header pin 22)",
            "axes.pitch.encoder.aLine: pinctrl-bcm2711 line 16 (GPIO16, header pin 36)",
            "axes.pitch.encoder.bLine: pinctrl-bcm2711 line 26 (GPIO26, header pin 37)",
            "axes.yaw.motor.stepLine: pinctrl-bcm2711 line 17 (GPIO17, header pin 11)",
            "axes.yaw.motor.dirLine: pinctrl-bcm2711 line 27 (GPIO27, header pin 13)",
            "axes.yaw.motor.enableLine: pinctrl-bcm2711 line 22 (GPIO22, header pin 15)",
            "axes.yaw.encoder.aLine: pinctrl-bcm2711 line 5 (GPIO5, header pin 29)",
            "axes.yaw.encoder.bLine: pinctrl-bcm2711 line 6 (GPIO6, header pin 31)",
            "buttons[0].line: pinctrl-bcm2711 line 19 (GPIO19, header pin 35)",
            "buttons[1].line: pinctrl-bcm2711 line 20 (GPIO20, header pin 38)",
        ])
    }

    /// A servo's hardware PWM channel and an AS5600's bus claim header pins too.
    @Test(arguments: [
        ("rpizero2w-servo-pantilt.json5", [
            "axes.pitch.motor: pwmchip0 channel 1 (GPIO13, header pin 33, or GPIO19, header pin 35, as the dtoverlay routes it)",
            "axes.yaw.motor: pwmchip0 channel 0 (GPIO12, header pin 32, or GPIO18, header pin 12, as the dtoverlay routes it)",
        ]),
        ("rpi5-stepper-pantilt.json5", [
            "axes.yaw.encoder: /dev/i2c-1 address 0x36 (SDA GPIO2, header pin 3; SCL GPIO3, header pin 5)",
        ]),
    ])
    func busSignalsAreListedWithTheirHeaderPins(file: String, expected: [String]) throws {
        let path = BoardFixtures.boardsDirectory + "/" + file
        let result = try Subprocess.run(DaemonTests.swiveld, ["check-board", path])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        for line in expected { #expect(lines.contains("\(path): \(line)"), "\(lines)") }
    }

    /// The case: `stepLine: 40` on pinctrl-bcm2711 was accepted in silence.
    /// The chip has the line, so the board stays valid, but it is warned about.
    @Test(arguments: [(pi4, "pinctrl-bcm2711", 40, 43), (pi5, "pinctrl-rp1", 28, 40)])
    func aLineOffTheHeaderIsWarnedAbout(board: String, chip: String, line: Int, fileLine: Int) throws {
        let original = readText(board)
        #expect(original.contains("stepLine: 17,"))
        let path = "/tmp/swivel-check-signals-\(getpid())-\(line).json5"
        try writeText(original.replacing("stepLine: 17,", with: "stepLine: \(line),"), to: path)
        defer { unlink(path) }
        let result = try Subprocess.run(DaemonTests.swiveld, ["check-board", path])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains(
            "\(path): axes.yaw.motor.stepLine: \(chip) line \(line) (GPIO\(line), not on the 40-pin header)\n"))
        let warnings = result.standardError.split(separator: "\n")
        #expect(warnings.count == 1, "stderr: \(result.standardError)")
        #expect(warnings.first?.hasPrefix("swiveld: warning: \(path): axes.yaw.motor.stepLine (line \(fileLine)): line \(line) of "
            + "\(chip) is not on the 40-pin header, which carries GPIO0–GPIO27 only") == true, "\(warnings)")
    }

    /// The simulated chip has no header: line 40 is just line 40 there.
    @Test func aLineOnAnotherChipIsNotWarnedAbout() throws {
        let original = readText(BoardFixtures.boardsDirectory + "/sim.json5")
        let path = "/tmp/swivel-check-signals-\(getpid())-sim.json5"
        try writeText(original.replacing("stepLine: 17,", with: "stepLine: 40,"), to: path)
        defer { unlink(path) }
        let result = try Subprocess.run(DaemonTests.swiveld, ["check-board", path])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.contains("\(path): axes.yaw.motor.stepLine: swivel-sim line 40\n"))
    }

    /// Both keys, both file lines, and the line as the chip and the header name it.
    @Test func aPinConflictNamesBothKeysAndTheHeaderPin() throws {
        let original = readText(Self.pi4)
        let path = "/tmp/swivel-check-signals-\(getpid())-conflict.json5"
        try writeText(original.replacing("dirLine: 24,", with: "dirLine: 17,"), to: path)
        defer { unlink(path) }
        let result = try Subprocess.run(DaemonTests.swiveld, ["check-board", path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("swiveld: error: \(path): axes.yaw.motor.stepLine (line 43): "
            + "axes.yaw.motor.stepLine (line 43) and axes.pitch.motor.dirLine (line 82) both use "
            + "pinctrl-bcm2711 line 17 (GPIO17, header pin 11)\n"), "stderr: \(result.standardError)")
    }
    /// Issue 24 §4: buttons on the yaw servo's PWM pin and on the host link's
    /// TXD passed; each is refused naming the button and the peripheral's key.
    @Test func aButtonOnAPeripheralsPinNamesBothKeys() throws {
        let original = readText(BoardFixtures.boardsDirectory + "/rpizero2w-servo-pantilt.json5")
        #expect(original.contains("\n  serial: [\n"))
        let buttons = "  buttons: [\n    { name: \"flip\", line: 12, action: \"cameraFlip\" },\n"
            + "    { name: \"shutter\", line: 14, action: \"cameraShutter\" },\n  ],\n"
        let text = original.replacing("\n  serial: [\n", with: "\n" + buttons + "  serial: [\n")
        let path = "/tmp/swivel-check-signals-\(getpid())-peripherals.json5"
        try writeText(text, to: path)
        defer { unlink(path) }
        func line(_ fragment: String) -> Int {
            (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(fragment) } ?? -1) + 1
        }
        let flip = line("name: \"flip\""), shutter = line("name: \"shutter\""), channel = line("pwmChannel: 0,")
        let host = line("role: \"host\"")
        let result = try Subprocess.run(DaemonTests.swiveld, ["check-board", path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("swiveld: error: \(path): buttons[0].line (line \(flip)): buttons[0].line "
            + "(line \(flip)) and axes.yaw.motor (line \(channel)) both use pinctrl-bcm2835 line 12 (GPIO12, header pin 32), "
            + "which is pwmchip0 channel 0's output: move buttons[0].line to a free line\n"), "stderr: \(result.standardError)")
        #expect(result.standardError.contains("swiveld: error: \(path): buttons[1].line (line \(shutter)): buttons[1].line "
            + "(line \(shutter)) and serial[0] (line \(host)) both use pinctrl-bcm2835 line 14 (GPIO14, header pin 8), "
            + "which is /dev/ttyS0's TXD: move buttons[1].line to a free line\n"), "stderr: \(result.standardError)")
    }
}
