import SwivelBoard

/// The strict walk over a parsed scene: every problem is collected with its key
/// path, so a scene is fixed in one pass. Each accessor returns nil only after
/// reporting why.
final class SceneFields {
    private(set) var problems: [SceneProblem] = []

    struct Object {
        var path: String
        var line: Int
        var members: [JSON5Member]

        func member(_ key: String) -> JSON5Member? { members.first { $0.key == key } }
        func has(_ key: String) -> Bool { member(key) != nil }
        func path(of key: String) -> String { path.isEmpty ? key : path + "." + key }
    }

    func report(_ path: String, line: Int?, _ reason: String) {
        problems.append(SceneProblem(keyPath: path, line: line, reason: reason))
    }

    /// `value` as an object whose keys all lie in `allowed`; unknown keys are
    /// reported (the object is still returned, so its known keys are checked too).
    func object(_ value: JSON5Value, path: String, allowed: [String]) -> Object? {
        guard case .object(let members) = value.kind else {
            report(path, line: value.line, "must be an object { … }, found \(Self.describe(value))")
            return nil
        }
        for member in members where !allowed.contains(member.key) {
            report(path.isEmpty ? member.key : path + "." + member.key, line: member.keyPosition.line,
                   "unknown key; allowed here: \(allowed.joined(separator: ", "))")
        }
        return Object(path: path, line: value.line, members: members)
    }

    func require(_ object: Object, _ key: String) -> JSON5Value? {
        guard let member = object.member(key) else {
            report(object.path(of: key), line: object.line, "missing; it is required")
            return nil
        }
        return member.value
    }

    func array(_ object: Object, _ key: String, count: ClosedRange<Int>) -> [JSON5Value]? {
        guard let value = require(object, key) else { return nil }
        guard case .array(let elements) = value.kind else {
            report(object.path(of: key), line: value.line, "must be an array [ … ], found \(Self.describe(value))")
            return nil
        }
        guard count.contains(elements.count) else {
            report(object.path(of: key), line: value.line,
                   "must hold \(count.lowerBound)…\(count.upperBound) entries, found \(elements.count)")
            return nil
        }
        return elements
    }

    func string(_ object: Object, _ key: String) -> String? {
        guard let value = require(object, key) else { return nil }
        guard case .string(let text) = value.kind, !text.isEmpty else {
            report(object.path(of: key), line: value.line, "must be a non-empty string, found \(Self.describe(value))")
            return nil
        }
        return text
    }

    /// One of `choices`, named in the file by their keys.
    func choice<T>(_ object: Object, _ key: String, _ choices: [(String, T)]) -> T? {
        guard let value = require(object, key) else { return nil }
        let names = choices.map { "\"\($0.0)\"" }.joined(separator: ", ")
        guard case .string(let text) = value.kind, let found = choices.first(where: { $0.0 == text }) else {
            report(object.path(of: key), line: value.line, "must be one of \(names), found \(Self.describe(value))")
            return nil
        }
        return found.1
    }

    /// A finite number in `range` (above its lower bound when `excludingLower`).
    func number(_ object: Object, _ key: String, in range: ClosedRange<Double>, excludingLower: Bool = false) -> Double? {
        guard let value = require(object, key) else { return nil }
        return number(value, path: object.path(of: key), in: range, excludingLower: excludingLower)
    }

    func number(_ value: JSON5Value, path: String, in range: ClosedRange<Double>, excludingLower: Bool = false) -> Double? {
        guard case .number(let number) = value.kind, number.doubleValue.isFinite else {
            report(path, line: value.line, "must be a finite number, found \(Self.describe(value))")
            return nil
        }
        let x = number.doubleValue
        let low = excludingLower ? "above \(range.lowerBound)" : "at least \(range.lowerBound)"
        guard range.contains(x), !(excludingLower && x == range.lowerBound) else {
            report(path, line: value.line, "must be \(low) and at most \(range.upperBound), found \(number)")
            return nil
        }
        return x
    }

    func integer(_ object: Object, _ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = require(object, key) else { return nil }
        guard case .number(let number) = value.kind, let x = number.exactInteger else {
            report(object.path(of: key), line: value.line, "must be a whole number, found \(Self.describe(value))")
            return nil
        }
        guard range.contains(x) else {
            report(object.path(of: key), line: value.line, "must be in \(range.lowerBound)…\(range.upperBound), found \(x)")
            return nil
        }
        return x
    }

    static func describe(_ value: JSON5Value) -> String {
        switch value.kind {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n.description
        case .string(let s): "\"\(s)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
