@testable import SwivelBoard

/// A valid board whose lines tests refer to by number. Yaw comes first in
/// the file on purpose: pin conflicts must follow the fixed pitch, yaw, roll
/// order, not file order.
enum BoardFixture {
    static let text = """
        {
          name: "Test Stand",
          hardwareModel: "test-1",
          backend: "simulated",
          gpio: { chipLabel: "swivel-sim" },
          loop: { rateHz: 1000 },
          axes: {
            yaw: {
              limits: { minRad: -2.8, maxRad: 2.8, maxSpeedRadPerSec: 3, maxAccelRadPerSec2: 12 },
              motor: { type: "stepper", stepLine: 17, dirLine: 27, enableLine: 22, stepsPerRevolution: 200, microsteps: 16, gearRatio: 3 },
              encoder: { type: "quadrature", aLine: 5, bLine: 6, countsPerRevolution: 8192 },
            },
            pitch: {
              limits: { minRad: -0.7, maxRad: 0.7, maxSpeedRadPerSec: 2, maxAccelRadPerSec2: 10 },
              motor: { type: "stepper", stepLine: 23, dirLine: 24, enableLine: 25, stepsPerRevolution: 200, microsteps: 16, gearRatio: 2 },
              encoder: { type: "quadrature", aLine: 13, bLine: 19, countsPerRevolution: 8192 },
            },
            roll: {
              limits: { minRad: -0.5, maxRad: 0.5, maxSpeedRadPerSec: 4, maxAccelRadPerSec2: 20 },
              motor: { type: "servo", pwmChip: 0, pwmChannel: 0, minPulseUs: 1000, maxPulseUs: 2000, angleAtMinPulseRad: -0.785, angleAtMaxPulseRad: 0.785 },
            },
          },
          serial: [ { role: "host", device: "pty", baud: 921600 } ],
          simulation: { stepperNaturalFrequencyHz: 120, stepperDampingRatio: 0.7, servoSlewRadPerSec: 10.5, integrationStepUs: 20 },
        }
        """

    struct EditNotFound: Error, CustomStringConvertible {
        var fragment: String
        var occurrences: Int
        var description: String { "fixture fragment \"\(fragment)\" occurs \(occurrences) times, expected once" }
    }

    /// The fixture with each fragment replaced; every fragment must occur exactly once,
    /// so a test cannot silently edit nothing.
    static func with(_ edits: [(String, String)]) throws -> String {
        var result = text
        for (old, new) in edits {
            let pieces = result.split(separator: old, omittingEmptySubsequences: false)
            guard pieces.count == 2 else { throw EditNotFound(fragment: old, occurrences: pieces.count - 1) }
            result = pieces.joined(separator: new)
        }
        return result
    }

    /// The problems the loader reports for `text`, or nil if it loads.
    static func problems(_ text: String) -> [BoardProblem]? {
        do {
            _ = try BoardLoader.parse(text, source: "<string>")
            return nil
        } catch {
            return error.problems
        }
    }
}
