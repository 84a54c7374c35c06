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
        var firstUser: [Int: String] = [:]
        for use in lineUses {
            if let first = firstUser[use.line] {
                report(use.path, line: use.fileLine, "pin \(use.line) used by \(use.path) and \(first)")
            } else {
                firstUser[use.line] = use.path
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
