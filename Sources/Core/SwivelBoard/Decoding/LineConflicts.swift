/// One GPIO line claimed by one key.
struct LineUse {
    var line: Int
    var path: String
    var fileLine: Int
}

/// One PWM (chip, channel) claimed by one servo.
struct PwmUse {
    var chip: Int
    var channel: Int
    var motorPath: String
    var path: String
    var fileLine: Int
}

/// Two keys driving one output would fight; two inputs on one line would
/// read the same signal. Uses arrive in the fixed axis and key order, so
/// "later" is the same whatever order the file lists them in.
extension BoardDecoder {
    func reportLineConflicts() {
        var firstUser: [Int: LineUse] = [:]
        for use in lineUses {
            if let first = firstUser[use.line] {
                // Both keys with their file lines, and the line as the chip and the header name it.
                let line = chipLabel.map { PiHeader.describe(line: use.line, chipLabel: $0) } ?? "line \(use.line)"
                report(use.path, line: use.fileLine, "\(use.path) (line \(use.fileLine)) and \(first.path) "
                    + "(line \(first.fileLine)) both use \(line)")
            } else {
                firstUser[use.line] = use
            }
        }
    }

    func reportPwmConflicts() {
        var firstUser: [[Int]: String] = [:]
        for use in pwmUses {
            let key = [use.chip, use.channel]
            if let first = firstUser[key] {
                report(use.path, line: use.fileLine,
                       "pwm chip \(use.chip) channel \(use.channel) used by \(use.motorPath) and \(first)")
            } else {
                firstUser[key] = use.motorPath
            }
        }
    }
}
