import Testing
@testable import SwivelBoard

/// Each broken board reports exactly the expected problems: key path, line,
/// and the important part of the reason. Line numbers refer to BoardFixture.
@Suite struct BrokenBoardTests {
    struct Expected: Sendable {
        var keyPath: String
        var line: Int
        var reason: String
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var edits: [Edit]
        var expected: [Expected]
        var testDescription: String { name }
    }

    struct Edit: Sendable {
        var old: String
        var new: String
    }

    static func broken(_ name: String, _ edits: [(String, String)], _ expected: [(String, Int, String)]) -> Case {
        Case(name: name, edits: edits.map { Edit(old: $0.0, new: $0.1) },
             expected: expected.map { Expected(keyPath: $0.0, line: $0.1, reason: $0.2) })
    }

    static let yawMotorEnd = "microsteps: 16, gearRatio: 3 }"
    static let pitchMotor = #"{ type: "stepper", stepLine: 23, dirLine: 24, enableLine: 25, stepsPerRevolution: 200, microsteps: 16, gearRatio: 2 }"#
    static let simulationLine = "  simulation: { stepperNaturalFrequencyHz: 120, stepperDampingRatio: 0.7, servoSlewRadPerSec: 10.5, integrationStepUs: 20 },"

    static let cases: [Case] = [
        // Unknown keys.
        broken("unknown key with a suggestion",
               [(yawMotorEnd, "microstep: 16, gearRatio: 3 }")],
               [("axes.yaw.motor.microstep", 10,
                 #"unknown key "microstep" (did you mean "microsteps"?); allowed keys: type, stepLine, dirLine, enableLine"#)]),
        broken("unknown key without a close match",
               [(#"name: "Test Stand","#, #"name: "Test Stand", colour: "red","#)],
               [("colour", 2,
                 #"unknown key "colour"; allowed keys: name, hardwareModel, backend, gpio, loop, axes, serial, simulation"#)]),
        broken("a servo key on a stepper",
               [(yawMotorEnd, "microsteps: 16, gearRatio: 3, pwmChip: 1 }")],
               [("axes.yaw.motor.pwmChip", 10, #"pwmChip belongs to a servo motor, and this motor's type is "stepper""#)]),
        broken("unknown key in an axis",
               [("yaw: {", "yaw: { limit: {},")],
               [("axes.yaw.limit", 8, #"unknown key "limit" (did you mean "limits"?)"#)]),

        // Wrong types.
        broken("a quoted integer",
               [("stepLine: 17", #"stepLine: "17""#)],
               [("axes.yaw.motor.stepLine", 10, #"expected an integer, found the string "17""#)]),
        broken("a number where an object belongs",
               [("loop: { rateHz: 1000 }", "loop: 1000")],
               [("loop", 6, "expected an object, found 1000")]),
        broken("a string where a boolean belongs",
               [(yawMotorEnd, #"microsteps: 16, gearRatio: 3, invertDirection: "yes" }"#)],
               [("axes.yaw.motor.invertDirection", 10, #"expected true or false, found the string "yes""#)]),
        broken("a string where a number belongs",
               [("maxAccelRadPerSec2: 10 }", "maxAccelRadPerSec2: null }")],
               [("axes.pitch.limits.maxAccelRadPerSec2", 14, "expected a number, found null")]),
        broken("an object where serial ports belong",
               [(#"serial: [ { role: "host", device: "pty", baud: 921600 } ]"#, "serial: {}")],
               [("serial", 23, "expected an array of serial ports, found an object")]),
        broken("a non-integral integer",
               [("stepsPerRevolution: 200, microsteps: 16, gearRatio: 3", "stepsPerRevolution: 200.5, microsteps: 16, gearRatio: 3")],
               [("axes.yaw.motor.stepsPerRevolution", 10, "expected an integer, found 200.5")]),
        broken("NaN where a finite number is needed",
               [("maxSpeedRadPerSec: 3,", "maxSpeedRadPerSec: NaN,")],
               [("axes.yaw.limits.maxSpeedRadPerSec", 9, "must be a finite number between 0.001 and 100, found NaN")]),
        broken("Infinity where a finite number is needed",
               [("maxAccelRadPerSec2: 12 }", "maxAccelRadPerSec2: Infinity }")],
               [("axes.yaw.limits.maxAccelRadPerSec2", 9, "must be a finite number between 0.01 and 10000, found Infinity")]),
        broken("Infinity where an integer is needed",
               [("countsPerRevolution: 8192 },\n    },\n    pitch", "countsPerRevolution: -Infinity },\n    },\n    pitch")],
               [("axes.yaw.encoder.countsPerRevolution", 11, "must be an integer between 4 and 10000000, found -Infinity")]),

        // Bounds.
        broken("a GPIO line out of range",
               [("stepLine: 17", "stepLine: 600")],
               [("axes.yaw.motor.stepLine", 10, "must be between 0 and 511, found 600")]),
        broken("a zero speed",
               [("maxSpeedRadPerSec: 2,", "maxSpeedRadPerSec: 0,")],
               [("axes.pitch.limits.maxSpeedRadPerSec", 14, "must be between 0.001 and 100, found 0")]),
        broken("a limit beyond one turn",
               [("minRad: -2.8", "minRad: -7")],
               [("axes.yaw.limits.minRad", 9, "must be between -2π and 2π (±6.283), found -7")]),
        broken("a loop rate too low",
               [("rateHz: 1000", "rateHz: 50")],
               [("loop.rateHz", 6, "must be between 100 and 10000, found 50")]),
        broken("a step core a cpu_set_t cannot name",
               [("rateHz: 1000", "rateHz: 1000, stepCore: 1024")],
               [("loop.stepCore", 6, "must be between 0 and 1023, found 1024")]),
        broken("a negative step core",
               [("rateHz: 1000", "rateHz: 1000, stepCore: -1")],
               [("loop.stepCore", 6, "must be between 0 and 1023, found -1")]),
        broken("a fractional step core",
               [("rateHz: 1000", "rateHz: 1000, stepCore: 2.5")],
               [("loop.stepCore", 6, "expected an integer")]),
        broken("microsteps not a power of two",
               [(yawMotorEnd, "microsteps: 3, gearRatio: 3 }")],
               [("axes.yaw.motor.microsteps", 10, "must be one of 1, 2, 4, 8, 16, 32, 64, 128, 256, found 3")]),
        broken("a name too long",
               [(#""Test Stand""#, "\"" + String(repeating: "x", count: 65) + "\"")],
               [("name", 2, "must be 1 to 64 characters long, found 65")]),
        broken("an empty name",
               [(#""Test Stand""#, #""""#)],
               [("name", 2, "must be 1 to 64 characters long, found 0")]),
        broken("a hardware model with a space",
               [(#""test-1""#, #""test 1""#)],
               [("hardwareModel", 3, #"may contain only letters A-Z a-z, digits, '.', '_' and '-', found "test 1""#)]),
        broken("a chip by number",
               [(#"chipLabel: "swivel-sim""#, #"chipLabel: "gpiochip0""#)],
               [("gpio.chipLabel", 5, "never by number or device name")]),
        broken("a chip by device path",
               [(#"chipLabel: "swivel-sim""#, #"chipLabel: "/dev/gpiochip4""#)],
               [("gpio.chipLabel", 5, "never by number or device name")]),

        // Missing keys and wrong choices.
        broken("a missing required key",
               [("dirLine: 27, ", "")],
               [("axes.yaw.motor.dirLine", 10, "required key is missing")]),
        broken("a missing required key in a small object",
               [(#"gpio: { chipLabel: "swivel-sim" }"#, "gpio: {}")],
               [("gpio.chipLabel", 5, "required key is missing")]),
        broken("a missing motor type",
               [(#"{ type: "stepper", stepLine: 23"#, "{ stepLine: 23")],
               [("axes.pitch.motor.type", 15, "required key is missing")]),
        broken("a misspelt backend",
               [(#"backend: "simulated""#, #"backend: "simulate""#)],
               [("backend", 4, #"expected one of "simulated", "gpiod", found "simulate"; did you mean "simulated"?"#)]),
        broken("an unknown encoder type",
               [(#"type: "quadrature", aLine: 5"#, #"type: "absolute", aLine: 5"#)],
               [("axes.yaw.encoder.type", 11, #"expected one of "quadrature", "as5600", found "absolute""#)]),

        // Limits and continuity.
        broken("minRad not below maxRad",
               [("minRad: -0.7, maxRad: 0.7", "minRad: 0.7, maxRad: 0.7")],
               [("axes.pitch.limits.maxRad", 14, "must be greater than minRad (0.7), found 0.7")]),
        broken("a continuous pitch",
               [("pitch: {", "pitch: { continuous: true,")],
               [("axes.pitch.continuous", 13, "only yaw may be continuous")]),
        broken("a continuous yaw with a range",
               [("yaw: {", "yaw: { continuous: true,")],
               [("axes.yaw.limits.maxRad", 9, "not allowed on a continuous axis"),
                ("axes.yaw.limits.minRad", 9, "not allowed on a continuous axis")]),
        broken("a continuous servo",
               [("yaw: {", "yaw: { continuous: true,"),
                ("minRad: -2.8, maxRad: 2.8, ", ""),
                (#"{ type: "stepper", stepLine: 17, dirLine: 27, enableLine: 22, stepsPerRevolution: 200, microsteps: 16, gearRatio: 3 }"#,
                 #"{ type: "servo", pwmChip: 0, pwmChannel: 1, minPulseUs: 1000, maxPulseUs: 2000, angleAtMinPulseRad: -1, angleAtMaxPulseRad: 1 }"#)],
               [("axes.yaw.continuous", 8, "a servo axis cannot be continuous")]),

        // Pins and PWM channels.
        broken("two keys on one GPIO line",
               [("dirLine: 24", "dirLine: 17")],
               [("axes.yaw.motor.stepLine", 10, "axes.yaw.motor.stepLine (line 10) and axes.pitch.motor.dirLine (line 15) both use swivel-sim line 17")]),
        broken("an encoder on a motor's line",
               [("aLine: 5", "aLine: 22")],
               [("axes.yaw.encoder.aLine", 11, "axes.yaw.encoder.aLine (line 11) and axes.yaw.motor.enableLine (line 10) both use swivel-sim line 22")]),
        broken("two servos on one PWM channel",
               [(pitchMotor, #"{ type: "servo", pwmChip: 0, pwmChannel: 0, minPulseUs: 1000, maxPulseUs: 2000, angleAtMinPulseRad: -1, angleAtMaxPulseRad: 1 }"#)],
               [("axes.roll.motor.pwmChannel", 20, "pwm chip 0 channel 0 used by axes.roll.motor and axes.pitch.motor")]),

        // Stepper timing.
        broken("a step rate too low for the axis speed",
               [(yawMotorEnd, "microsteps: 16, gearRatio: 3, maxStepRateHz: 2000 }")],
               [("axes.yaw.limits.maxSpeedRadPerSec", 9,
                 "3 rad/s needs 4584 microsteps/s (200 steps × 16 microsteps × gear 3 per revolution), but axes.yaw.motor.maxStepRateHz is 2000")]),
        broken("a pulse too wide for the step period",
               [(yawMotorEnd, "microsteps: 16, gearRatio: 3, minPulseWidthNs: 30000 }")],
               [("axes.yaw.motor.minPulseWidthNs", 10,
                 "a step needs 30000 ns high and 30000 ns low (60000 ns), more than the 50000 ns step period at axes.yaw.motor.maxStepRateHz 20000")]),

        // Servo.
        broken("a servo range outside the servo's span",
               [("minRad: -0.5, maxRad: 0.5", "minRad: -0.5, maxRad: 0.9")],
               [("axes.roll.limits.maxRad", 19, "0.9 is outside the servo's angle span -0.785...0.785 rad")]),
        broken("servo pulses not increasing",
               [("maxPulseUs: 2000", "maxPulseUs: 1000")],
               [("axes.roll.motor.maxPulseUs", 20, "must be greater than minPulseUs (1000), found 1000")]),
        broken("a servo pulse as long as the period",
               [("minPulseUs: 1000, maxPulseUs: 2000", "periodUs: 2500, minPulseUs: 1000, maxPulseUs: 2500")],
               [("axes.roll.motor.maxPulseUs", 20, "must be less than the servo period (2500 µs at periodUs), found 2500")]),
        broken("servo angles equal",
               [("angleAtMaxPulseRad: 0.785", "angleAtMaxPulseRad: -0.785")],
               [("axes.roll.motor.angleAtMaxPulseRad", 20, "must differ from angleAtMinPulseRad (-0.785)")]),

        // Serial ports.
        broken("an unsupported baud rate",
               [("baud: 921600", "baud: 921601")],
               [("serial[0].baud", 23, "must be one of 9600, 19200, 38400, 57600, 115200, 230400, 460800, 500000, 576000, 921600, 1000000, 1500000, 2000000, found 921601")]),
        broken("a relative device",
               [(#"device: "pty""#, #"device: "ttyS0""#)],
               [("serial[0].device", 23, #"expected "pty" or an absolute device path under /dev/ such as "/dev/ttyAMA0", found "ttyS0""#)]),
        broken("a device escaping /dev",
               [(#"device: "pty""#, #"device: "/dev/../etc/passwd""#)],
               [("serial[0].device", 23, "expected \"pty\" or an absolute device path under /dev/")]),
        broken("a role used twice",
               [(#"baud: 921600 } ]"#, #"baud: 921600 }, { role: "host", device: "/dev/ttyAMA0", baud: 115200 } ]"#)],
               [("serial[1].role", 23, #"role "host" is already used by serial[0]; each role may appear at most once"#)]),
        broken("a misspelt role",
               [(#"role: "host""#, #"role: "hots""#)],
               [("serial[0].role", 23, #"did you mean "host"?"#)]),

        // Simulation.
        broken("simulation missing on a simulated board",
               [(simulationLine, "")],
               [("simulation", 1, #"required when backend is "simulated""#)]),
        broken("simulation on a gpiod board",
               [(#"backend: "simulated""#, #"backend: "gpiod""#)],
               [("simulation", 24, #"not allowed when backend is "gpiod""#)]),
        broken("a simulation key missing",
               [(", integrationStepUs: 20 }", " }")],
               [("simulation.integrationStepUs", 24, "required key is missing")]),
        broken("an integration step longer than the loop period",
               [("rateHz: 1000", "rateHz: 10000"), ("integrationStepUs: 20", "integrationStepUs: 200")],
               [("simulation.integrationStepUs", 24,
                 "the 200 µs integration step is longer than the loop period of 100 µs (loop.rateHz 10000)")]),

        // Errors found while parsing.
        broken("a duplicate key",
               [(#"name: "Test Stand","#, #"name: "Test Stand", name: "Again","#)],
               [("name", 2, #"duplicate key "name": first at line 2, again at line 2"#)]),
        broken("a missing comma",
               [(#"backend: "simulated","#, #"backend: "simulated""#)],
               [("", 5, #"syntax error at 5:3: expected ',' or '}' after the value of "backend", found 'g'"#)]),
        broken("a missing value",
               [("maxSpeedRadPerSec: 3,", "maxSpeedRadPerSec: ,")],
               [("axes.yaw.limits.maxSpeedRadPerSec", 9, "syntax error at 9:63: expected a value, found ','")]),

        // Fault detection.
        broken("fault detection on an axis without an encoder",
               [("maxAccelRadPerSec2: 20 },", "maxAccelRadPerSec2: 20 }, faultDetection: { maxFollowingErrorRad: 0.1 },")],
               [("axes.roll.faultDetection", 19, "needs an encoder on this axis")]),
        broken("a following error of zero",
               [("countsPerRevolution: 8192 },\n    },\n    pitch", "countsPerRevolution: 8192 }, faultDetection: { maxFollowingErrorRad: 0 },\n    },\n    pitch")],
               [("axes.yaw.faultDetection.maxFollowingErrorRad", 11, "must be between 0.001 and π (3.142), found 0")]),
        broken("a silent travel finer than the encoder",
               [("bLine: 19, countsPerRevolution: 8192 },", "bLine: 19, countsPerRevolution: 400 }, faultDetection: { silentTravelRad: 0.02 },")],
               [("axes.pitch.faultDetection.silentTravelRad", 16, "must be at least 4 encoder counts (0.063 rad at 400 counts per axis revolution), found 0.02")]),
        broken("an unknown fault detection key",
               [("bLine: 19, countsPerRevolution: 8192 },", "bLine: 19, countsPerRevolution: 8192 }, faultDetection: { maxError: 1 },")],
               [("axes.pitch.faultDetection.maxError", 16, #"unknown key "maxError""#)]),

        // Homing.
        broken("homing a servo",
               [("maxAccelRadPerSec2: 20 },", #"maxAccelRadPerSec2: 20 }, homing: { switchLine: 21, direction: "negative", switchPositionRad: -0.6 },"#)],
               [("axes.roll.homing", 19, "a servo knows its angle at power-up")]),
        broken("a homing speed above the axis's cap",
               [("aLine: 5, bLine: 6, countsPerRevolution: 8192 },", #"aLine: 5, bLine: 6, countsPerRevolution: 8192 }, homing: { switchLine: 21, direction: "negative", switchPositionRad: -2.9, speedRadPerSec: 5 },"#)],
               [("axes.yaw.homing.speedRadPerSec", 11, "must be at most the axis's maxSpeedRadPerSec (3), found 5")]),
        broken("a home switch on a motor's line",
               [("aLine: 5, bLine: 6, countsPerRevolution: 8192 },", #"aLine: 5, bLine: 6, countsPerRevolution: 8192 }, homing: { switchLine: 24, direction: "negative", switchPositionRad: -2.9 },"#)],
               [("axes.yaw.homing.switchLine", 11, "axes.yaw.homing.switchLine (line 11) and axes.pitch.motor.dirLine (line 15) both use swivel-sim line 24")]),
        broken("a homing direction missing",
               [("aLine: 5, bLine: 6, countsPerRevolution: 8192 },", "aLine: 5, bLine: 6, countsPerRevolution: 8192 }, homing: { switchLine: 21, switchPositionRad: -2.9 },")],
               [("axes.yaw.homing.direction", 11, "required key is missing")]),
    ]

    @Test(arguments: cases)
    func brokenBoardIsRejected(_ test: Case) throws {
        let text = try BoardFixture.with(test.edits.map { ($0.old, $0.new) })
        let problems = try #require(BoardFixture.problems(text), "the broken board loaded")
        #expect(problems.count == test.expected.count, "\(problems)")
        for (problem, expected) in zip(problems, test.expected) {
            #expect(problem.keyPath == expected.keyPath, "\(problem)")
            #expect(problem.line == expected.line, "\(problem)")
            #expect(problem.reason.contains(expected.reason), "\(problem)")
        }
    }
}
