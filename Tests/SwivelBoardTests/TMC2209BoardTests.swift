import Testing
@testable import SwivelBoard

/// A stepper's `tmc2209` object: its keys, its checks, and the UART rules
/// across axes (one address each, one baud rate per device, no other user of the device).
@Suite struct TMC2209BoardTests {
    static func uart(_ address: Int, device: String = "/dev/ttyAMA0", extra: String = "") -> String {
        #"tmc2209: { device: "\#(device)", address: \#(address), runCurrentAmps: 0.8, holdCurrentAmps: 0.4\#(extra) }"#
    }

    static func stepper(_ lines: (Int, Int), _ uart: String) -> String {
        #"{ type: "stepper", stepLine: \#(lines.0), dirLine: \#(lines.1), stepsPerRevolution: 200, microsteps: 16, \#(uart) }"#
    }

    static func board(yaw: String, pitch: String, serial: String = #"{ role: "host", device: "pty", baud: 921600 }"#) -> String {
        BusServoBoardTests.board(yaw: stepper((17, 27), yaw), pitch: stepper((23, 24), pitch), serial: serial, chip: "pinctrl-bcm2711",
                                 yawLimits: "minRad: -2.5, maxRad: 2.5")
    }

    @Test func twoDriversOnOneUARTLoad() throws {
        let board = try BoardLoader.parse(Self.board(yaw: Self.uart(0), pitch: Self.uart(1, extra: ", stealthChopThresholdRadPerSec: 2")),
                                          source: "<test>")
        let yaw = try #require(board.axes.yaw?.motor.stepper?.tmc2209)
        #expect(yaw == Board.TMC2209UART(device: "/dev/ttyAMA0", address: 0, runCurrentAmperes: 0.8, holdCurrentAmperes: 0.4))
        #expect(yaw.baud == 115_200 && yaw.senseResistorOhms == 0.11 && yaw.stealthChop)
        #expect(board.axes.pitch?.motor.stepper?.tmc2209?.stealthChopThresholdRadiansPerSecond == 2)
        #expect(board.signalDescriptions.contains(
            "axes.yaw.motor.tmc2209: /dev/ttyAMA0 (TXD GPIO14, header pin 8; RXD GPIO15, header pin 10), TMC2209 UART at 115200 baud, address 0"))
    }

    @Test func twoDriversAtOneAddressAreRefused() {
        let problems = BusServoBoardTests.problems(Self.board(yaw: Self.uart(1), pitch: Self.uart(1)))
        #expect(problems.contains {
            $0.keyPath == "axes.yaw.motor" && $0.reason.contains("both claim TMC2209 address 1 on /dev/ttyAMA0")
        }, "\(problems)")
    }

    @Test func twoBaudRatesOnOneUARTAreRefused() {
        let problems = BusServoBoardTests.problems(Self.board(yaw: Self.uart(0), pitch: Self.uart(1, extra: ", baud: 57600")))
        #expect(problems.contains { $0.keyPath == "axes.yaw.motor" && $0.reason.contains("disagree") }, "\(problems)")
    }

    @Test func theHostLinkCannotShareTheDriversUART() {
        let problems = BusServoBoardTests.problems(Self.board(
            yaw: Self.uart(0), pitch: Self.uart(1), serial: #"{ role: "host", device: "/dev/ttyAMA0", baud: 115200 }"#))
        #expect(problems.contains { $0.keyPath == "serial[0]" && $0.reason.contains("serial device /dev/ttyAMA0") }, "\(problems)")
    }

    @Test func aBusServoCannotShareTheDriversUART() {
        let text = BusServoBoardTests.board(
            yaw: Self.stepper((17, 27), Self.uart(0)), pitch: BusServoBoardTests.servo(2, device: "/dev/ttyAMA0"), chip: "pinctrl-bcm2711")
        let problems = BusServoBoardTests.problems(text)
        #expect(problems.contains { $0.reason.contains("share serial device /dev/ttyAMA0 but disagree") }, "\(problems)")
    }

    @Test(arguments: [
        ("runCurrentAmps: 0.8, holdCurrentAmps: 0.9", "holdCurrentAmps", "must be at most runCurrentAmps (0.8), found 0.9"),
        ("runCurrentAmps: 1.9, holdCurrentAmps: 0.4", "runCurrentAmps",
         "1.9 A RMS is more than the 1.76 A a TMC2209 can drive with a 0.11 Ω sense resistor"),
        ("runCurrentAmps: 0.8, holdCurrentAmps: 0.4, stealthChop: false, stealthChopThresholdRadPerSec: 2",
         "stealthChopThresholdRadPerSec", "a StealthChop threshold needs stealthChop: true"),
        ("runCurrentAmps: 0.8, holdCurrentAmps: 0.4, baud: 921600", "baud", "found 921600"),
        ("runCurrentAmps: 0.8, holdCurrentAmps: 0.4, mres: 16", "mres", "unknown key"),
        ("holdCurrentAmps: 0.4", "runCurrentAmps", ""),
    ])
    func aBadSettingIsRefusedOnItsKey(currents: String, key: String, reason: String) {
        let yaw = #"tmc2209: { device: "/dev/ttyAMA0", address: 0, \#(currents) }"#
        let problems = BusServoBoardTests.problems(Self.board(yaw: yaw, pitch: Self.uart(1)))
        #expect(problems.contains { $0.keyPath == "axes.yaw.motor.tmc2209." + key && $0.reason.contains(reason) }, "\(problems)")
    }

    @Test func anAddressBeyondMS1AndMS2IsRefused() {
        let problems = BusServoBoardTests.problems(Self.board(yaw: Self.uart(4), pitch: Self.uart(1)))
        #expect(problems.map(\.keyPath) == ["axes.yaw.motor.tmc2209.address"], "\(problems)")
    }

    /// boards/README.md's TMC2209 table: both drivers on the PL011, addresses 0 and 1, the host on a USB adapter.
    @Test func thePi4TMC2209BoardSharesItsWiringTable() throws {
        let board = try BoardLoader.load(contentsOf: BoardFilesTests.boardsDirectory + "/rpi4-tmc2209-pantilt.json5")
        let yaw = try #require(board.axes.yaw?.motor.stepper)
        let pitch = try #require(board.axes.pitch?.motor.stepper)
        #expect([yaw.tmc2209?.address, pitch.tmc2209?.address] == [0, 1])
        #expect([yaw.tmc2209?.device, pitch.tmc2209?.device] == ["/dev/ttyAMA0", "/dev/ttyAMA0"])
        #expect(yaw.microsteps == 16 && yaw.tmc2209?.runCurrentAmperes == 0.8 && yaw.tmc2209?.holdCurrentAmperes == 0.4)
        #expect(board.serialPorts.first { $0.role == .host }?.device == "/dev/ttyUSB0")
        #expect(board.signalDescriptions.contains(
            "axes.pitch.motor.tmc2209: /dev/ttyAMA0 (TXD GPIO14, header pin 8; RXD GPIO15, header pin 10), TMC2209 UART at 115200 baud, address 1"))
    }
}
