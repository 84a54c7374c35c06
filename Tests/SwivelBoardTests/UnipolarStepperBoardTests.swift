import Testing
@testable import SwivelBoard

/// `type: "unipolarStepper"` (28BYJ-48 + ULN2003): its defaults, the real
/// gearbox ratio, and the checks that tie it to its axis.
@Suite struct UnipolarStepperBoardTests {
    static func board(yaw: String, yawSpeed: String = "1") -> String {
        """
        {
          name: "Geared Stand", hardwareModel: "byj-1", backend: "simulated",
          gpio: { chipLabel: "swivel-sim" }, loop: { rateHz: 1000 },
          axes: {
            yaw: { limits: { minRad: -2.8, maxRad: 2.8, maxSpeedRadPerSec: \(yawSpeed), maxAccelRadPerSec2: 4 }, motor: \(yaw) },
          },
          serial: [ { role: "host", device: "pty", baud: 921600 } ],
          simulation: { stepperNaturalFrequencyHz: 120, stepperDampingRatio: 0.7, servoSlewRadPerSec: 10.5, integrationStepUs: 20 },
        }
        """
    }

    static let lines = #"type: "unipolarStepper", in1Line: 17, in2Line: 27, in3Line: 22, in4Line: 23"#

    static func problems(_ text: String) -> [BoardProblem] {
        do {
            _ = try BoardLoader.parse(text, source: "<test>")
            return []
        } catch {
            return error.problems
        }
    }

    @Test func theLinesAloneTakeThe28BYJ48sDefaults() throws {
        let board = try BoardLoader.parse(Self.board(yaw: "{ \(Self.lines) }"), source: "<test>")
        let yaw = try #require(board.axes.yaw?.motor.settings as? Board.UnipolarStepper)
        #expect(yaw == Board.UnipolarStepper(
            coilLines: [17, 27, 22, 23], sequence: .half, stepsPerRevolution: 32, gearRatio: 63.68395,
            invertDirection: false, maxStepRateHz: 800, holdMilliseconds: 200))
        #expect(board.axes.yaw?.motor.typeName == "unipolarStepper")
        #expect(yaw.isAbsolute == false)
        #expect(yaw.gpioLines == [17, 27, 22, 23])
        // (32/9)(22/11)(26/9)(31/10) = 63.68395: 4075.77 half-steps a shaft turn, not the 4096 of 64:1.
        #expect(abs(yaw.statesPerRadian * 2 * Double.pi - 4075.77) < 0.01)
        #expect(yaw.maximumStepsPerTick(loopRateHz: 1000) == 1)
    }

    @Test func fullSteppingHalvesTheStates() throws {
        let board = try BoardLoader.parse(Self.board(yaw: #"{ \#(Self.lines), sequence: "full" }"#), source: "<test>")
        let yaw = try #require(board.axes.yaw?.motor.settings as? Board.UnipolarStepper)
        #expect(abs(yaw.statesPerRadian * 2 * Double.pi - 2037.89) < 0.01)
    }

    @Test func anAxisFasterThanTheStateRateIsRefused() {
        // 1.5 rad/s × 4075.77 / 2π = 973 states/s, over the default 800.
        let problems = Self.problems(Self.board(yaw: "{ \(Self.lines) }", yawSpeed: "1.5"))
        #expect(problems.map(\.keyPath) == ["axes.yaw.limits.maxSpeedRadPerSec"])
        #expect(problems.first?.reason.contains("needs 974 states/s") == true, "\(problems)")
    }

    @Test func aCoilLineTwiceIsAPinConflictAndAMisspeltSequenceIsNamed() {
        let twice = Self.problems(Self.board(yaw: #"{ type: "unipolarStepper", in1Line: 17, in2Line: 17, in3Line: 22, in4Line: 23 }"#))
        #expect(twice.contains { $0.keyPath == "axes.yaw.motor.in2Line" }, "\(twice)")
        let misspelt = Self.problems(Self.board(yaw: #"{ \#(Self.lines), sequence: "halve" }"#))
        #expect(misspelt.map(\.keyPath) == ["axes.yaw.motor.sequence"], "\(misspelt)")
        let stepperKey = Self.problems(Self.board(yaw: #"{ \#(Self.lines), stepLine: 5 }"#))
        #expect(stepperKey.contains { $0.reason.contains("stepLine belongs to a stepper motor") }, "\(stepperKey)")
    }
}
