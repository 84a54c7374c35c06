import Testing
@testable import SwivelBoard

/// Issue 24 §4: a button on the pin a servo's PWM, the host link's UART or an
/// AS5600's I2C bus comes out on was accepted; only GPIO lines were compared.
@Suite struct PinClashTests {
    /// A shipped board's text with each fragment replaced once.
    static func board(_ file: String, _ edits: [(String, String)]) throws -> String {
        var text = try String(contentsOfFile: BoardFilesTests.boardsDirectory + "/" + file, encoding: .utf8)
        for (old, new) in edits {
            let pieces = text.split(separator: old, omittingEmptySubsequences: false)
            try #require(pieces.count == 2, "\(old) occurs \(pieces.count - 1) times in \(file)")
            text = pieces.joined(separator: new)
        }
        return text
    }

    static func zero(button line: Int) throws -> String {
        try board("rpizero2w-servo-pantilt.json5", [
            ("  serial: [", "  buttons: [{ name: \"shutter\", line: \(line), action: \"cameraShutter\" }],\n  serial: ["),
        ])
    }

    static func lineOf(_ fragment: String, in text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(fragment) } ?? -1) + 1
    }

    @Test func aButtonOnTheYawServosPWMPinIsRefused() throws {
        let text = try Self.zero(button: 12)
        let problems = try #require(BoardFixture.problems(text))
        let button = Self.lineOf("name: \"shutter\"", in: text), channel = Self.lineOf("pwmChannel: 0,", in: text)
        #expect(problems == [BoardProblem(
            keyPath: "buttons[0].line", line: button,
            reason: "buttons[0].line (line \(button)) and axes.yaw.motor (line \(channel)) both use pinctrl-bcm2835 "
                + "line 12 (GPIO12, header pin 32), which is pwmchip0 channel 0's output: move buttons[0].line to a free line")])
    }

    /// The dtoverlay may route channel 0 to GPIO18 instead; the board file does not say which.
    @Test(arguments: [12, 18, 13, 19])
    func everyPinAPWMChannelMayComeOutOnIsTaken(line: Int) throws {
        let problems = try #require(BoardFixture.problems(try Self.zero(button: line)))
        #expect(problems.count == 1)
        #expect(problems.first?.reason.contains(line % 2 == 0 ? "axes.yaw.motor" : "axes.pitch.motor") == true)
    }

    @Test(arguments: [(14, "TXD"), (15, "RXD")])
    func aButtonOnTheHostLinksUARTIsRefused(line: Int, signal: String) throws {
        let text = try Self.zero(button: line)
        let problems = try #require(BoardFixture.problems(text))
        let button = Self.lineOf("name: \"shutter\"", in: text), host = Self.lineOf("role: \"host\"", in: text)
        #expect(problems == [BoardProblem(
            keyPath: "buttons[0].line", line: button,
            reason: "buttons[0].line (line \(button)) and serial[0] (line \(host)) both use pinctrl-bcm2835 line \(line) "
                + "(GPIO\(line), header pin \(line == 14 ? 8 : 10)), which is /dev/ttyS0's \(signal): move buttons[0].line to a free line")])
    }

    @Test(arguments: [(2, "SDA", 3), (3, "SCL", 5)])
    func aButtonOnTheAS5600sI2CBusIsRefused(line: Int, signal: String, pin: Int) throws {
        let text = try Self.board("rpi5-stepper-pantilt.json5", [("line: 19,", "line: \(line),")])
        let problems = try #require(BoardFixture.problems(text))
        let button = Self.lineOf("line: \(line),", in: text), bus = Self.lineOf("i2cBus: 1", in: text)
        #expect(problems == [BoardProblem(
            keyPath: "buttons[0].line", line: button,
            reason: "buttons[0].line (line \(button)) and axes.yaw.encoder (line \(bus)) both use pinctrl-rp1 line \(line) "
                + "(GPIO\(line), header pin \(pin)), which is /dev/i2c-1's \(signal): move buttons[0].line to a free line")])
    }

    /// A stepper's step line on a bus servo board's UART, and a host link on
    /// the mini UART beside a servo bus on the PL011: both on GPIO14/15.
    @Test func linesAndOtherUARTsOnTheServoBusPinsAreRefused() throws {
        let text = try Self.board("rpi4-busservo-pantilt.json5", [
            ("  serial: [", "  buttons: [{ name: \"one\", line: 15, action: \"button\", id: 1 }],\n  serial: [\n    { role: \"host\", device: \"/dev/serial0\", baud: 115200 },"),
        ])
        let problems = try #require(BoardFixture.problems(text))
        // Sorted by file line: the button's line comes first.
        #expect(problems.map(\.keyPath) == ["buttons[0].line", "serial[0]"], "\(problems)")
        #expect(problems.first?.reason.contains("which is /dev/ttyAMA0's RXD") == true, "\(problems)")
        #expect(problems.last?.reason.contains(
            "both use pinctrl-bcm2711 line 14 (GPIO14, header pin 8): /dev/serial0's TXD here, /dev/ttyAMA0's TXD there") == true,
            "\(problems)")
    }

    /// README's wiring table lays sim.json5 out as a Pi 4 stand, its roll servo
    /// on PWM0 channel 0: on a Pi 4's chip nothing in it clashes (its buttons sat
    /// on GPIO12 and GPIO18).
    @Test func theSimulatedBoardIsWiredAsAPi4Could() throws {
        let text = try Self.board("sim.json5", [("chipLabel: \"swivel-sim\"", "chipLabel: \"pinctrl-bcm2711\"")])
        #expect(BoardFixture.problems(text) == nil)
    }

    /// Off a Pi's chip nothing says where a peripheral's pins are; two
    /// encoders on one bus and servos on one UART share them by design.
    @Test func sharedBusesAndOtherChipsAreNotClashes() throws {
        #expect(BoardFixture.problems(try Self.board("sim.json5", [])) == nil)
        #expect(BoardFixture.problems(try Self.board("rpi4-busservo-pantilt.json5", [])) == nil)
        #expect(BoardFixture.problems(try Self.zero(button: 16)) == nil)
    }
}
