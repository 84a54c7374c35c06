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

    func report(_ keyPath: String, line: Int?, _ reason: String) {
        problems.append(BoardProblem(keyPath: keyPath, line: line, reason: reason))
    }

    func report<Value>(_ field: Located<Value>, _ reason: String) {
        report(field.path, line: field.line, reason)
    }
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
