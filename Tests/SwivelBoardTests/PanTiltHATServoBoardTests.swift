import Testing
@testable import SwivelBoard

/// `type: "panTiltHatServo"`: servo 1 or 2 once each, and the HAT's address
/// not claimed by another device type.
@Suite struct PanTiltHATServoBoardTests {
    static func servo(_ number: Int, address: String = "0x15") -> String {
        #"{ type: "panTiltHatServo", i2cBus: 1, address: \#(address), servo: \#(number), minPulseUs: 575, maxPulseUs: 2325, angleAtMinPulseRad: -1.5708, angleAtMaxPulseRad: 1.5708 }"#
    }

    @Test func panAndTiltLoad() throws {
        let board = try BoardLoader.parse(PCA9685ServoBoardTests.board(yaw: Self.servo(1), pitch: Self.servo(2)), source: "<test>")
        #expect(board.axes.yaw?.motor.settings as? Board.PanTiltHATServo == Board.PanTiltHATServo(
            i2cBus: 1, servo: 1, minPulseMicroseconds: 575, maxPulseMicroseconds: 2325, angleAtMinPulseRadians: -1.5708, angleAtMaxPulseRadians: 1.5708))
    }

    @Test func oneServoTwiceIsRefused() {
        let problems = BusServoBoardTests.problems(PCA9685ServoBoardTests.board(yaw: Self.servo(1), pitch: Self.servo(1)))
        #expect(problems.map(\.reason) == [
            "axes.yaw.motor and axes.pitch.motor both claim servo 1 (pan) of the Pan-Tilt HAT at 0x15 on /dev/i2c-1, which only one of them may have",
        ])
    }

    /// A PCA9685 configured at the HAT's address would garble both.
    @Test func anotherDeviceTypeAtTheAddressIsRefused() {
        let problems = BusServoBoardTests.problems(PCA9685ServoBoardTests.board(
            yaw: Self.servo(1), pitch: PCA9685ServoBoardTests.servo(channel: 0, address: "0x15")))
        #expect(problems.count == 1)
        #expect(problems.first?.reason.contains("share I2C address 0x15 on /dev/i2c-1 but disagree") == true)
    }

    @Test func aServoNumberTheHATHasNotIsRefused() {
        let problems = BusServoBoardTests.problems(PCA9685ServoBoardTests.board(yaw: Self.servo(3), pitch: Self.servo(2)))
        #expect(problems.map(\.keyPath) == ["axes.yaw.motor.servo"])
    }
}
