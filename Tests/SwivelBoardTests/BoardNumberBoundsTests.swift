import Testing
@testable import SwivelBoard

/// Every numeric key has a floor that means something: a bound open at 0
/// took 1e-300 (an axis that would need 1e300 s to stop). Each case below is a
/// value the loader used to accept. Line numbers refer to BoardFixture.
@Suite struct BoardNumberBoundsTests {
    static let yawMotorEnd = BrokenBoardTests.yawMotorEnd
    static let yawEncoder = BoardHardwareKeysTests.yawEncoder
    static let pitchEncoderEnd = "bLine: 19, countsPerRevolution: 8192 },"
    static let yawEncoderEnd = "aLine: 5, bLine: 6, countsPerRevolution: 8192 },"
    static let homing = #"homing: { switchLine: 21, direction: "negative", switchPositionRad: -2.9"#
    static let serial = #"serial: [ { role: "host", device: "pty", baud: 921600 } ],"#

    static let cases: [BrokenBoardTests.Case] = [
        // Limits.
        BrokenBoardTests.broken("an acceleration cap of 1e-300",
               [("maxAccelRadPerSec2: 12 }", "maxAccelRadPerSec2: 1e-300 }")],
               [("axes.yaw.limits.maxAccelRadPerSec2", 9, "must be between 0.01 and 10000, found 1e-300")]),
        BrokenBoardTests.broken("an acceleration cap that takes 15 s to stop from the speed cap",
               [("maxAccelRadPerSec2: 12 }", "maxAccelRadPerSec2: 0.2 }")],
               [("axes.yaw.limits.maxAccelRadPerSec2", 9,
                 "stopping from maxSpeedRadPerSec (3 rad/s) at 0.2 rad/s² takes 15 s, more than 10 s: "
                 + "raise it to at least 0.3 or lower maxSpeedRadPerSec")]),
        BrokenBoardTests.broken("a speed cap of 0.0001 rad/s",
               [("maxSpeedRadPerSec: 2,", "maxSpeedRadPerSec: 0.0001,")],
               [("axes.pitch.limits.maxSpeedRadPerSec", 14, "must be between 0.001 and 100, found 0.0001")]),
        BrokenBoardTests.broken("a range 0.0005 rad wide",
               [("minRad: -0.7, maxRad: 0.7,", "minRad: -0.7, maxRad: -0.6995,")],
               [("axes.pitch.limits.maxRad", 14, "must be at least 0.001 rad above minRad (-0.7), found -0.6995")]),

        // Motors and encoders.
        BrokenBoardTests.broken("a stepper gear ratio of 0.001",
               [(yawMotorEnd, "microsteps: 16, gearRatio: 0.001 }")],
               [("axes.yaw.motor.gearRatio", 10, "must be between 0.01 and 1000, found 0.001")]),
        BrokenBoardTests.broken("an AS5600 gear ratio of 0.001",
               [(yawEncoder, #"{ type: "as5600", i2cBus: 1, gearRatio: 0.001 }"#)],
               [("axes.yaw.encoder.gearRatio", 11, "must be between 0.01 and 1000, found 0.001")]),
        BrokenBoardTests.broken("a servo angle beyond a turn",
               [("angleAtMinPulseRad: -0.785,", "angleAtMinPulseRad: -7,")],
               [("axes.roll.motor.angleAtMinPulseRad", 20, "must be between -2π and 2π (±6.283), found -7")]),
        BrokenBoardTests.broken("a servo angle of 1e300",
               [("angleAtMaxPulseRad: 0.785 }", "angleAtMaxPulseRad: 1e300 }")],
               [("axes.roll.motor.angleAtMaxPulseRad", 20, "must be between -2π and 2π (±6.283), found 1e+300")]),

        // Fault detection: on a 10 000 000-count encoder 4 counts are 2.5e-6 rad.
        BrokenBoardTests.broken("a following error of 0.0001 rad",
               [(pitchEncoderEnd, "bLine: 19, countsPerRevolution: 10000000 }, faultDetection: { maxFollowingErrorRad: 0.0001 },")],
               [("axes.pitch.faultDetection.maxFollowingErrorRad", 16, "must be between 0.001 and π (3.142), found 0.0001")]),
        BrokenBoardTests.broken("a silent travel of 0.0001 rad",
               [(pitchEncoderEnd, "bLine: 19, countsPerRevolution: 10000000 }, faultDetection: { silentTravelRad: 0.0001 },")],
               [("axes.pitch.faultDetection.silentTravelRad", 16, "must be between 0.001 and π (3.142), found 0.0001")]),

        // Homing.
        BrokenBoardTests.broken("a homing speed of 0.0001 rad/s",
               [(yawEncoderEnd, yawEncoderEnd + " \(homing), speedRadPerSec: 0.0001 },")],
               [("axes.yaw.homing.speedRadPerSec", 11, "must be between 0.001 and 100, found 0.0001")]),
        BrokenBoardTests.broken("a homing back-off of 0.0001 rad",
               [(yawEncoderEnd, yawEncoderEnd + " \(homing), backoffRad: 0.0001 },")],
               [("axes.yaw.homing.backoffRad", 11, "must be between 0.001 and 1, found 0.0001")]),
        BrokenBoardTests.broken("a homing travel of 0.001 rad",
               [(yawEncoderEnd, yawEncoderEnd + " \(homing), maxTravelRad: 0.001 },")],
               [("axes.yaw.homing.maxTravelRad", 11, "must be between 0.01 and 4π (12.566), found 0.001")]),

        // Buttons.
        BrokenBoardTests.broken("a zoom factor of 0.001",
               [(serial, serial + #" buttons: [ { name: "zoom", line: 16, action: "cameraZoomIn", zoomFactor: 0.001 } ],"#)],
               [("buttons[0].zoomFactor", 23, "must be between 0.01 and 100, found 0.001")]),
    ]

    @Test(arguments: cases)
    func aValueBelowItsKeysFloorIsRejected(_ test: BrokenBoardTests.Case) throws {
        try BrokenBoardTests().brokenBoardIsRejected(test)
    }

    /// The issue's reproducer: boards/sim.json5 with every acceleration cap
    /// 1e-300, as `sed 's/maxAccelRadPerSec2: [0-9.]*/maxAccelRadPerSec2: 1e-300/'`
    /// makes it, was valid for `swiveld check-board` (the same loader).
    @Test func theShippedSimBoardWithATinyAccelerationCapIsRejected() throws {
        let key = "maxAccelRadPerSec2: "
        let pieces = try BoardFileReader.read(BoardFilesTests.boardsDirectory + "/sim.json5").split(separator: key, omittingEmptySubsequences: false)
        try #require(pieces.count == 4, "sim.json5 has three acceleration caps")
        let edited = pieces.dropFirst().reduce(String(pieces[0])) { text, piece in
            text + key + "1e-300" + piece.drop { $0.isNumber || $0 == "." }
        }
        let problems = try #require(BoardFixture.problems(edited), "the edited board loaded")
        #expect(problems.map(\.keyPath) == ["axes.yaw.limits.maxAccelRadPerSec2", "axes.pitch.limits.maxAccelRadPerSec2",
                                             "axes.roll.limits.maxAccelRadPerSec2"])
        #expect(problems.allSatisfy { $0.reason == "must be between 0.01 and 10000, found 1e-300" }, "\(problems)")
    }

    /// The floors themselves load: the ranges are inclusive, as documented.
    @Test func theFloorsThemselvesLoad() throws {
        let board = try BoardHardwareKeysTests.load([
            // 0.1 rad/s stops at 0.01 rad/s² in 10 s; the roll cap stops in exactly 10 s too.
            ("minRad: -0.7, maxRad: 0.7, maxSpeedRadPerSec: 2, maxAccelRadPerSec2: 10 }",
             "minRad: 0, maxRad: 0.001, maxSpeedRadPerSec: 0.1, maxAccelRadPerSec2: 0.01 }"),
            ("maxSpeedRadPerSec: 4, maxAccelRadPerSec2: 20 }", "maxSpeedRadPerSec: 4, maxAccelRadPerSec2: 0.4 }"),
            ("microsteps: 16, gearRatio: 2 }", "microsteps: 16, gearRatio: 0.01 }"),
            (Self.pitchEncoderEnd,
             "bLine: 19, countsPerRevolution: 10000000 }, faultDetection: { maxFollowingErrorRad: 0.001, silentTravelRad: 0.001 },"),
            (Self.yawEncoderEnd, Self.yawEncoderEnd + " \(Self.homing), speedRadPerSec: 0.001, backoffRad: 0.001, maxTravelRad: 0.01 },"),
            (Self.serial, Self.serial + #" buttons: [ { name: "zoom", line: 16, action: "cameraZoomOut", zoomFactor: 0.01 } ],"#),
        ])
        let pitch = try #require(board.axes.pitch)
        #expect(pitch.limits.maxRadians == 0.001)
        #expect(pitch.limits.maxAccelerationRadiansPerSecondSquared == 0.01)
        #expect(board.axes.roll?.limits.maxAccelerationRadiansPerSecondSquared == 0.4)
        #expect(pitch.faultDetection == Board.FaultDetection(maxFollowingErrorRadians: 0.001, silentTravelRadians: 0.001))
        #expect(board.axes.yaw?.homing?.maxTravelRadians == 0.01)
        #expect(board.buttons.first?.action == .cameraZoomOut(factor: 0.01))
    }
}
