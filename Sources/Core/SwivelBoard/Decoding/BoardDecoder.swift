/// Walks a parsed board file, collecting every problem instead of stopping at
/// the first, so a maker fixes a file in one pass. Each `decode…` method
/// returns nil only after reporting why.
final class BoardDecoder {
    private(set) var problems: [BoardProblem] = []
    /// GPIO lines in the fixed order axes pitch, yaw, roll and key order within
    /// an axis, so conflict messages do not depend on file order.
    var lineUses: [LineUse] = []
    var pwmUses: [PwmUse] = []
    var i2cUses: [I2CUse] = []
    /// Header pins that PWM channels, UARTs and I2C buses bring out (`PinClashes`).
    var peripheralPinUses: [PeripheralPinUse] = []
    /// What motors claim beyond lines and channels (`MotorClaims`).
    var claimUses: [ClaimUse] = []
    /// The chip every line number refers to, once `gpio.chipLabel` is read: conflict messages name it.
    var chipLabel: String?
    /// Every numeric key read, present or defaulted, with its range: what
    /// boards/README.md's tables and the bounds tests are checked against.
    private(set) var numericKeys: [NumericKey] = []

    func noteNumericKey(_ path: String, range: String, accepts: @escaping @Sendable (Double) -> Bool) {
        numericKeys.append(NumericKey(path: path, range: range, accepts: accepts))
    }

    func report(_ keyPath: String, line: Int?, _ reason: String) {
        problems.append(BoardProblem(keyPath: keyPath, line: line, reason: reason))
    }

    func report<Value>(_ field: Located<Value>, _ reason: String) {
        report(field.path, line: field.line, reason)
    }
}

/// A numeric key the decoder read and the range it holds it to.
struct NumericKey: Sendable {
    var path: String
    /// As the reason states it: "between 1 and 100000", "one of 1, 2, 4".
    var range: String
    /// Whether a finite value from the file lies in the range.
    var accepts: @Sendable (Double) -> Bool
}

/// A value from the file and where it came from, so a cross-check can name it.
/// A defaulted value carries the line of the object that omitted it.
struct Located<Value> {
    var value: Value
    var path: String
    var line: Int
}

/// An object from the file, addressed by its key path.
struct ObjectFields {
    var path: String
    /// Line of the opening brace: where a missing key is reported.
    var line: Int
    var members: [JSON5Member]

    func member(_ key: String) -> JSON5Member? {
        members.first { $0.key == key }
    }

    func has(_ key: String) -> Bool { member(key) != nil }

    func path(of key: String) -> String {
        KeyPath.child(key, of: path)
    }
}

enum KeyPath {
    static func child(_ key: String, of parent: String) -> String {
        parent.isEmpty ? key : parent + "." + key
    }

    static func element(_ index: Int, of parent: String) -> String {
        parent + "[\(index)]"
    }
}
