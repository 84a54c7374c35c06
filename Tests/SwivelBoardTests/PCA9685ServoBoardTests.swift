import Testing
@testable import SwivelBoard

/// `type: "pca9685Servo"`: its keys and defaults, the prescaler's frame
/// rates, and the chip rules across axes (a channel once, one set of terms
/// per chip, an address not claimed by another device type).
@Suite struct PCA9685ServoBoardTests {
    static func servo(channel: Int, address: String = "0x40", extra: String = "") -> String {
        #"{ type: "pca9685Servo", i2cBus: 1, address: \#(address), channel: \#(channel), minPulseUs: 500, maxPulseUs: 2500, angleAtMinPulseRad: -1.5708, angleAtMaxPulseRad: 1.5708\#(extra) }"#
    }

    static func board(yaw: String, pitch: String, chip: String = "swivel-sim") -> String {
        BusServoBoardTests.board(yaw: yaw, pitch: pitch, chip: chip, yawLimits: "minRad: -1.4, maxRad: 1.4")
    }

    @Test func twoChannelsOfOneChipLoadWithTheDefaults() throws {
        let board = try BoardLoader.parse(Self.board(yaw: Self.servo(channel: 0), pitch: Self.servo(channel: 1), chip: "pinctrl-bcm2711"),
                                          source: "<test>")
        let yaw = try #require(board.axes.yaw?.motor.settings as? Board.PCA9685Servo)
        #expect(yaw == Board.PCA9685Servo(i2cBus: 1, address: 0x40, channel: 0, frequencyHz: 50, oscillatorHz: 25_000_000,
                                          minPulseMicroseconds: 500, maxPulseMicroseconds: 2500,
                                          angleAtMinPulseRadians: -1.5708, angleAtMaxPulseRadians: 1.5708))
        #expect(board.axes.yaw?.motor.typeName == "pca9685Servo")
        #expect(board.axes.yaw?.motor.settings.isAbsolute == true)
    }

    @Test func oneChannelTwiceIsRefused() {
        let problems = BusServoBoardTests.problems(Self.board(yaw: Self.servo(channel: 3), pitch: Self.servo(channel: 3)))
        #expect(problems.map(\.reason) == [
            "axes.yaw.motor and axes.pitch.motor both claim channel 3 of the PCA9685 at 0x40 on /dev/i2c-1, which only one of them may have",
        ])
        // Another chip's channel 3 is another channel.
        #expect(BusServoBoardTests.problems(Self.board(yaw: Self.servo(channel: 3), pitch: Self.servo(channel: 3, address: "0x41"))).isEmpty)
    }

    @Test func servosOnOneChipMustAgreeOnItsFrameRate() {
        let problems = BusServoBoardTests.problems(Self.board(yaw: Self.servo(channel: 0), pitch: Self.servo(channel: 1, extra: ", frequencyHz: 60")))
        #expect(problems.count == 1)
        #expect(problems.first?.reason.contains("share I2C address 0x40 on /dev/i2c-1 but disagree") == true && problems.first?.reason.contains("a PCA9685 at 60.0 Hz, oscillator 25000000 Hz") == true)
    }

    @Test func aFrameRateThePrescalerCannotMakeIsRefused() {
        let problems = BusServoBoardTests.problems(Self.board(yaw: Self.servo(channel: 0, extra: ", frequencyHz: 24, oscillatorHz: 30000000"), pitch: Self.servo(channel: 1)))
        #expect(problems.map(\.keyPath) == ["axes.yaw.motor.frequencyHz"])
        #expect(problems.first?.reason.contains("outside the chip's 3...255") == true)
    }

    @Test func aPulseLongerThanTheFrameIsRefused() {
        let problems = BusServoBoardTests.problems(Self.board(yaw: Self.servo(channel: 0, extra: ", frequencyHz: 400"), pitch: Self.servo(channel: 1, extra: ", frequencyHz: 400")))
        #expect(problems.contains { $0.keyPath == "axes.yaw.motor.maxPulseUs" && $0.reason.contains("must be less than the servo period") })
    }

    @Test func aChannelOutOfRangeIsRefused() {
        let problems = BusServoBoardTests.problems(Self.board(yaw: Self.servo(channel: 16), pitch: Self.servo(channel: 1)))
        #expect(problems.map(\.keyPath) == ["axes.yaw.motor.channel"])
    }
}
