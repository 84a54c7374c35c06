import Testing
@testable import SwivelBoard

/// The Raspberry Pi boards say what their wiring tables in boards/README.md say.
@Suite struct PiBoardFilesTests {
    static func load(_ file: String) throws -> Board {
        try BoardLoader.load(contentsOf: BoardFilesTests.boardsDirectory + "/" + file)
    }

    static func stepper(_ axis: Board.Axis?) -> Board.Stepper? {
        guard let stepper = axis?.motor.stepper else { return nil }
        return stepper
    }

    static func servo(_ axis: Board.Axis?) -> Board.Servo? {
        guard let servo = axis?.motor.servo else { return nil }
        return servo
    }

    static func quadrature(_ axis: Board.Axis?) -> Board.Quadrature? {
        guard case .quadrature(let encoder)? = axis?.encoder else { return nil }
        return encoder
    }

    @Test(arguments: [
        ("rpi4-stepper-pantilt.json5", "pinctrl-bcm2711", "/dev/ttyS0"),
        ("rpi5-stepper-pantilt.json5", "pinctrl-rp1", "/dev/ttyAMA0"),
    ])
    func stepperBoardsShareTheWiringTable(file: String, chip: String, uart: String) throws {
        let board = try Self.load(file)
        #expect(board.backend == .gpiod && board.simulation == nil)
        #expect(board.gpioChipLabel == chip)
        #expect(board.stepCore == 3)
        // The host UART, and swivel-vision's pty on the same Pi.
        #expect(board.serialPorts.map(\.device) == [uart, "pty"])
        #expect(board.serialPorts.map(\.role) == [.host, .vision])
        #expect(board.axes.roll == nil)
        let yaw = try #require(Self.stepper(board.axes.yaw))
        let pitch = try #require(Self.stepper(board.axes.pitch))
        #expect([yaw.stepLine, yaw.directionLine, yaw.enableLine] == [17, 27, 22])
        #expect([pitch.stepLine, pitch.directionLine, pitch.enableLine] == [23, 24, 25])
        #expect(yaw.enableActiveLow && pitch.enableActiveLow)
        // The Pi 4 measures yaw with an A/B encoder, the Pi 5 with an AS5600 on I2C1.
        if chip == "pinctrl-bcm2711" {
            let yawEncoder = try #require(Self.quadrature(board.axes.yaw))
            #expect([yawEncoder.lineA, yawEncoder.lineB] == [5, 6])
        } else {
            guard case .as5600(let sensor)? = board.axes.yaw?.encoder else {
                Issue.record("the Pi 5 board's yaw should have an AS5600")
                return
            }
            #expect(sensor.i2cBus == 1 && sensor.address == 0x36)
        }
        let pitchEncoder = try #require(Self.quadrature(board.axes.pitch))
        #expect([pitchEncoder.lineA, pitchEncoder.lineB] == [16, 26])
        #expect(board.buttons.map(\.line) == [19, 20])
        #expect(board.buttons.map(\.action) == [.cameraShutter, .trackingToggle])
    }

    @Test func theStepperBoardsLeaveThePWMAndI2CPinsFree() throws {
        for file in ["rpi4-stepper-pantilt.json5", "rpi5-stepper-pantilt.json5"] {
            let board = try Self.load(file)
            var used: [Int] = []
            for axis in [board.axes.yaw, board.axes.pitch] {
                if let s = Self.stepper(axis) { used += [s.stepLine, s.directionLine] + (s.enableLine.map { [$0] } ?? []) }
                if let q = Self.quadrature(axis) { used += [q.lineA, q.lineB] }
            }
            // GPIO2/3 I2C1, GPIO12/13 PWM0, GPIO14/15 the UART.
            #expect(Set(used).isDisjoint(with: [2, 3, 12, 13, 14, 15]), "\(file) uses \(used.sorted())")
        }
    }

    @Test func theZeroBoardDrivesTwoServosOnThePWMPins() throws {
        let board = try Self.load("rpizero2w-servo-pantilt.json5")
        #expect(board.backend == .gpiod)
        #expect(board.gpioChipLabel == "pinctrl-bcm2835")
        #expect(board.stepCore == nil)
        let yaw = try #require(Self.servo(board.axes.yaw))
        let pitch = try #require(Self.servo(board.axes.pitch))
        // pwm-2chan: channel 0 on GPIO12, channel 1 on GPIO13, both on pwmchip0.
        #expect(yaw.output == .hardwarePWM(chip: 0, channel: 0))
        #expect(pitch.output == .hardwarePWM(chip: 0, channel: 1))
        #expect(board.axes.yaw?.encoder == nil && board.axes.pitch?.encoder == nil)
        #expect(pitch.angleAtMinPulseRadians > pitch.angleAtMaxPulseRadians)
        #expect(board.serialPorts.map(\.device) == ["/dev/ttyS0", "pty"])
    }

    @Test func aBoardWithoutStepCoreLeavesTheStepThreadUnpinned() throws {
        let board = try BoardLoader.parse(BoardFixture.text, source: "<string>")
        #expect(board.stepCore == nil)
        let pinned = try BoardLoader.parse(try BoardFixture.with([("rateHz: 1000", "rateHz: 1000, stepCore: 2")]), source: "<string>")
        #expect(pinned.stepCore == 2)
    }

    /// boards/README.md's bus servo table: the PL011 on GPIO14/15, IDs 1 and 2, the STS3215's 1 Mbaud.
    @Test func theBusServoBoardSharesItsWiringTable() throws {
        let board = try Self.load("rpi4-busservo-pantilt.json5")
        #expect(board.backend == .gpiod && board.simulation == nil)
        #expect(board.gpioChipLabel == "pinctrl-bcm2711")
        #expect(board.signals.isEmpty, "no GPIO line: the bus is the UART")
        #expect(board.serialPorts.map(\.device) == ["pty"])
        let yaw = try #require(board.axes.yaw?.motor.settings as? Board.BusServo)
        let pitch = try #require(board.axes.pitch?.motor.settings as? Board.BusServo)
        #expect([yaw.id, pitch.id] == [1, 2])
        for servo in [yaw, pitch] {
            #expect(servo.protocolKind == .feetech && servo.device == "/dev/ttyAMA0" && servo.baud == 1_000_000)
        }
        #expect(board.signalDescriptions == [
            "axes.pitch.motor: /dev/ttyAMA0 (TXD GPIO14, header pin 8; RXD GPIO15, header pin 10), feetech bus at 1000000 baud, ID 2",
            "axes.yaw.motor: /dev/ttyAMA0 (TXD GPIO14, header pin 8; RXD GPIO15, header pin 10), feetech bus at 1000000 baud, ID 1",
        ])
    }
}
