import Testing
@testable import SwivelBoard

/// The AS5600 encoder and the software-PWM servo: what loads, with which
/// defaults, and every broken form with its key path and line. Line numbers
/// refer to BoardFixture (yaw encoder on line 11, roll motor on line 20).
@Suite struct BoardHardwareKeysTests {
    static let yawEncoder = #"{ type: "quadrature", aLine: 5, bLine: 6, countsPerRevolution: 8192 }"#
    static let rollPWM = "pwmChip: 0, pwmChannel: 0,"

    static func load(_ edits: [(String, String)]) throws -> Board {
        try BoardLoader.parse(try BoardFixture.with(edits), source: "<string>")
    }

    @Test func anAS5600TakesItsDefaults() throws {
        let board = try Self.load([(Self.yawEncoder, #"{ type: "as5600", i2cBus: 1 }"#)])
        #expect(board.axes.yaw?.encoder == .as5600(Board.AS5600(
            i2cBus: 1, address: 0x36, gearRatio: 1, invert: false, zeroOffsetRadians: 0, sampleRateHz: 1000)))
    }

    @Test func anAS5600WithEveryKey() throws {
        let board = try Self.load([(Self.yawEncoder,
            #"{ type: "as5600", i2cBus: 3, address: 0x40, gearRatio: 2.5, invert: true, zeroOffsetRad: -1.25, sampleRateHz: 2000 }"#)])
        #expect(board.axes.yaw?.encoder == .as5600(Board.AS5600(
            i2cBus: 3, address: 0x40, gearRatio: 2.5, invert: true, zeroOffsetRadians: -1.25, sampleRateHz: 2000)))
    }

    @Test func aSoftwarePWMServo() throws {
        let board = try Self.load([(Self.rollPWM, "softwarePwmLine: 18,")])
        guard let servo = board.axes.roll?.motor.servo else {
            Issue.record("roll is not a servo")
            return
        }
        #expect(servo.output == .softwarePWM(line: 18))
        #expect(servo.periodMicroseconds == 20_000)
    }

    static let cases: [BrokenBoardTests.Case] = [
        BrokenBoardTests.broken("an AS5600 without a bus",
               [(yawEncoder, #"{ type: "as5600" }"#)],
               [("axes.yaw.encoder.i2cBus", 11, "required key is missing")]),
        BrokenBoardTests.broken("a quadrature key on an AS5600",
               [(yawEncoder, #"{ type: "as5600", i2cBus: 1, aLine: 5 }"#)],
               [("axes.yaw.encoder.aLine", 11, #"aLine belongs to a quadrature encoder, and this encoder's type is "as5600""#)]),
        BrokenBoardTests.broken("an AS5600 key on a quadrature encoder",
               [(yawEncoder, #"{ type: "quadrature", aLine: 5, bLine: 6, countsPerRevolution: 8192, i2cBus: 1 }"#)],
               [("axes.yaw.encoder.i2cBus", 11, #"i2cBus belongs to an as5600 encoder, and this encoder's type is "quadrature""#)]),
        BrokenBoardTests.broken("an unknown encoder type",
               [(yawEncoder, #"{ type: "as5601", i2cBus: 1 }"#)],
               [("axes.yaw.encoder.type", 11, #"expected one of "quadrature", "as5600", found "as5601"; did you mean "as5600"?"#)]),
        BrokenBoardTests.broken("an address outside 7 bits",
               [(yawEncoder, #"{ type: "as5600", i2cBus: 1, address: 0x80 }"#)],
               [("axes.yaw.encoder.address", 11, "must be between 8 and 119")]),
        BrokenBoardTests.broken("a bus number out of range",
               [(yawEncoder, #"{ type: "as5600", i2cBus: 64 }"#)],
               [("axes.yaw.encoder.i2cBus", 11, "must be between 0 and 63, found 64")]),
        BrokenBoardTests.broken("a zero gear ratio",
               [(yawEncoder, #"{ type: "as5600", i2cBus: 1, gearRatio: 0 }"#)],
               [("axes.yaw.encoder.gearRatio", 11, "must be between 0.01 and 1000, found 0")]),
        BrokenBoardTests.broken("a zero offset beyond a turn",
               [(yawEncoder, #"{ type: "as5600", i2cBus: 1, zeroOffsetRad: 7 }"#)],
               [("axes.yaw.encoder.zeroOffsetRad", 11, "must be between -2π and 2π")]),
        BrokenBoardTests.broken("a sample rate out of range",
               [(yawEncoder, #"{ type: "as5600", i2cBus: 1, sampleRateHz: 20000 }"#)],
               [("axes.yaw.encoder.sampleRateHz", 11, "must be between 10 and 5000, found 20000")]),
        BrokenBoardTests.broken("a sample rate too slow to count turns",
               [(yawEncoder, #"{ type: "as5600", i2cBus: 1, gearRatio: 20, sampleRateHz: 10 }"#)],
               [("axes.yaw.encoder.sampleRateHz", 11,
                 "at maxSpeedRadPerSec 3 and gearRatio 20 the magnet turns 6 rad between samples; it must turn less than half a turn (π rad) or turns are miscounted: use at least 20 Hz")]),
        BrokenBoardTests.broken("two AS5600 at one address on one bus",
               [(yawEncoder, #"{ type: "as5600", i2cBus: 1 }"#),
                (#"{ type: "quadrature", aLine: 13, bLine: 19, countsPerRevolution: 8192 }"#, #"{ type: "as5600", i2cBus: 1 }"#)],
               [("axes.yaw.encoder.address", 11, "i2c bus 1 address 0x36 used by axes.yaw.encoder and axes.pitch.encoder")]),
        BrokenBoardTests.broken("software and hardware PWM together",
               [(rollPWM, "pwmChip: 0, pwmChannel: 0, softwarePwmLine: 18,")],
               [("axes.roll.motor.softwarePwmLine", 20,
                 "give either softwarePwmLine or pwmChip and pwmChannel, not both (this motor also has pwmChip, pwmChannel)")]),
        BrokenBoardTests.broken("neither software nor hardware PWM",
               [(rollPWM, "")],
               [("axes.roll.motor.pwmChip", 20,
                 "required key is missing: a servo needs pwmChip and pwmChannel (hardware PWM) or softwarePwmLine")]),
        BrokenBoardTests.broken("a software PWM line on a stepper's line",
               [(rollPWM, "softwarePwmLine: 23,")],
               [("axes.roll.motor.softwarePwmLine", 20, "axes.roll.motor.softwarePwmLine (line 20) and axes.pitch.motor.stepLine (line 15) both use swivel-sim line 23")]),
        BrokenBoardTests.broken("a software PWM line out of range",
               [(rollPWM, "softwarePwmLine: 512,")],
               [("axes.roll.motor.softwarePwmLine", 20, "must be between 0 and 511, found 512")]),
        BrokenBoardTests.broken("a software PWM line on a stepper",
               [(BrokenBoardTests.yawMotorEnd, "microsteps: 16, gearRatio: 3, softwarePwmLine: 4 }")],
               [("axes.yaw.motor.softwarePwmLine", 10, #"softwarePwmLine belongs to a servo motor, and this motor's type is "stepper""#)]),
    ]

    @Test(arguments: cases)
    func brokenBoardIsRejected(_ test: BrokenBoardTests.Case) throws {
        try BrokenBoardTests().brokenBoardIsRejected(test)
    }
}
