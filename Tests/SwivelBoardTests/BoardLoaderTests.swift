import Testing
@testable import SwivelBoard
import SwivelVocabulary

/// Loader behaviour beyond single broken keys: messages, ordering, defaults.
@Suite struct BoardLoaderTests {
    @Test func pinConflictMessageIsExactAndBlamesTheLaterKeyInAxisOrder() throws {
        // Yaw is written first in the fixture, but pitch comes first in the fixed
        // order, so the yaw key is the later one and carries the problem.
        let text = try BoardFixture.with([("dirLine: 24", "dirLine: 17")])
        let problems = try #require(BoardFixture.problems(text))
        #expect(problems == [BoardProblem(
            keyPath: "axes.yaw.motor.stepLine", line: 10,
            reason: "axes.yaw.motor.stepLine (line 10) and axes.pitch.motor.dirLine (line 15) both use swivel-sim line 17")])
        #expect(problems.first?.description
            == "axes.yaw.motor.stepLine (line 10): axes.yaw.motor.stepLine (line 10) and axes.pitch.motor.dirLine (line 15) both use swivel-sim line 17")
    }

    @Test func aLineUsedThreeTimesNamesTheFirstUserEachTime() throws {
        let text = try BoardFixture.with([("dirLine: 24", "dirLine: 17"), ("bLine: 19", "bLine: 17")])
        let problems = try #require(BoardFixture.problems(text))
        #expect(problems.map(\.reason) == [
            "axes.yaw.motor.stepLine (line 10) and axes.pitch.motor.dirLine (line 15) both use swivel-sim line 17",
            "axes.pitch.encoder.bLine (line 16) and axes.pitch.motor.dirLine (line 15) both use swivel-sim line 17",
        ])
    }

    @Test func everyProblemIsReportedAtOnceSortedByLineThenKeyPath() throws {
        let text = try BoardFixture.with([
            (#"backend: "simulated""#, #"backend: "simulatd""#),
            ("stepLine: 17", "stepLine: -1"),
            ("dirLine: 27, ", "dirLine: 27, stepline: 3, "),
            ("maxRad: 0.7", "maxRad: 0.8, extra: 1"),
            ("baud: 921600", "baud: 12"),
            ("stepperDampingRatio: 0.7", "stepperDampingRatio: 9"),
        ])
        let problems = try #require(BoardFixture.problems(text))
        #expect(problems.map(\.keyPath) == [
            "backend",
            "axes.yaw.motor.stepLine",
            "axes.yaw.motor.stepline",
            "axes.pitch.limits.extra",
            "serial[0].baud",
            "simulation.stepperDampingRatio",
        ])
        #expect(problems.map(\.line) == [4, 10, 10, 14, 23, 24])
        #expect(problems[2].reason.contains(#"did you mean "stepLine"?"#))
    }

    @Test func integralDecimalsAreAcceptedAsIntegers() throws {
        let text = try BoardFixture.with([
            ("stepLine: 17", "stepLine: 1.7e1"),
            ("microsteps: 16, gearRatio: 3", "microsteps: 16.0, gearRatio: 3"),
            ("countsPerRevolution: 8192 },\n    },\n    pitch", "countsPerRevolution: 0x2000 },\n    },\n    pitch"),
        ])
        let board = try BoardLoader.parse(text, source: "<string>")
        guard let stepper = board.axes.yaw?.motor.stepper,
              case .quadrature(let encoder) = board.axes.yaw?.encoder else {
            Issue.record("yaw should be a stepper with an encoder")
            return
        }
        #expect(stepper.stepLine == 17)
        #expect(stepper.microsteps == 16)
        #expect(encoder.countsPerRevolution == 8192)
    }

    @Test func omittedOptionalKeysTakeTheirDefaults() throws {
        let text = """
            {
              name: "Minimal", hardwareModel: "min-1", backend: "gpiod", gpio: { chipLabel: "pinctrl-bcm2711" },
              axes: {
                pitch: {
                  limits: { minRad: -1, maxRad: 1, maxSpeedRadPerSec: 1, maxAccelRadPerSec2: 1 },
                  motor: { type: "stepper", stepLine: 2, dirLine: 3, stepsPerRevolution: 200 },
                  encoder: { type: "quadrature", aLine: 4, bLine: 5, countsPerRevolution: 4000 },
                },
                roll: {
                  limits: { minRad: -1, maxRad: 1, maxSpeedRadPerSec: 1, maxAccelRadPerSec2: 1 },
                  motor: { type: "servo", pwmChip: 0, pwmChannel: 1, minPulseUs: 500, maxPulseUs: 2500,
                           angleAtMinPulseRad: 1.5, angleAtMaxPulseRad: -1.5 },
                },
              },
            }
            """
        let board = try BoardLoader.parse(text, source: "<string>")
        #expect(board.loopRateHz == 1000)
        #expect(board.serialPorts.isEmpty)
        #expect(board.simulation == nil)
        #expect(board.axes.yaw == nil)
        #expect(board.axes.pitch?.continuous == false)
        #expect(board.axes.pitch?.motor == .stepper(Board.Stepper(
            stepLine: 2, directionLine: 3, enableLine: nil, enableActiveLow: true, stepsPerRevolution: 200,
            microsteps: 1, gearRatio: 1, invertDirection: false, maxStepRateHz: 20000,
            minPulseWidthNanoseconds: 2000, directionSetupNanoseconds: 1000)))
        #expect(board.axes.pitch?.encoder == .quadrature(Board.Quadrature(
            lineA: 4, lineB: 5, countsPerRevolution: 4000, invert: false)))
        // A decreasing angle pair is an inverted servo, not an error.
        #expect(board.axes.roll?.motor == .servo(Board.Servo(
            pwmChip: 0, pwmChannel: 1, periodMicroseconds: 20000, minPulseMicroseconds: 500,
            maxPulseMicroseconds: 2500, angleAtMinPulseRadians: 1.5, angleAtMaxPulseRadians: -1.5)))
    }

    @Test func aBoardWithoutAxesIsRejected() throws {
        let text = try BoardFixture.with([("axes: {\n", "axes: {},\n  unused: {\n")])
        let problems = try #require(BoardFixture.problems(text))
        #expect(problems.first == BoardProblem(keyPath: "axes", line: 7,
                                              reason: "at least one axis is required: pitch, yaw or roll"))
        #expect(problems.count == 2)
        #expect(problems.last?.keyPath == "unused")
    }

    @Test func theTopLevelMustBeAnObject() {
        #expect(BoardFixture.problems("[1, 2]") == [BoardProblem(
            keyPath: "", line: 1, reason: "expected the board to be an object { … }, found an array")])
    }

    @Test func textOverOneMebibyteIsRejectedBeforeParsing() {
        let text = BoardFixture.text + String(repeating: " ", count: 1 << 20)
        let problems = BoardFixture.problems(text)
        #expect(problems?.count == 1)
        #expect(problems?.first?.line == nil)
        #expect(problems?.first?.reason.contains("the limit is 1048576 bytes") == true)
    }

    @Test func errorDescriptionListsTheSourceAndEveryProblem() {
        let error = BoardError(source: "boards/x.json5", problems: [
            BoardProblem(keyPath: "name", line: 2, reason: "required key is missing"),
            BoardProblem(keyPath: "", line: 5, reason: "syntax error at 5:3: expected a value, found '}'"),
            BoardProblem(keyPath: "", line: nil, reason: "cannot open the board file: No such file or directory"),
        ])
        #expect(error.description == """
            boards/x.json5: 3 problems
              name (line 2): required key is missing
              line 5: syntax error at 5:3: expected a value, found '}'
              cannot open the board file: No such file or directory
            """)
    }

    @Test func suggestionsPickTheClosestKeyIgnoringCase() {
        #expect(WordSuggestion.closest(to: "STEPLINE", among: ["stepLine", "dirLine"]) == "stepLine")
        #expect(WordSuggestion.closest(to: "dirLin", among: ["stepLine", "dirLine"]) == "dirLine")
        #expect(WordSuggestion.closest(to: "pwm", among: ["pwmChip", "pwmChannel"]) == nil)
        #expect(WordSuggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
    }
}
