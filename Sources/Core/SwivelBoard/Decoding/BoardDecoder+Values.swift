import SwivelVocabulary

/// Typed reads of one key. Each returns nil after reporting a problem, or,
/// for a key that is optional with no default, when the key is absent.
extension BoardDecoder {
    /// Checks that `value` is an object; unknown keys are checked separately
    /// because a motor's allowed keys depend on its `type`.
    func asObject(_ value: JSON5Value, path: String) -> ObjectFields? {
        guard case .object(let members) = value.kind else {
            report(path, line: value.line, "expected an object, found \(ValueText.describe(value))")
            return nil
        }
        return ObjectFields(path: path, line: value.line, members: members)
    }

    /// Reports every key not in `allowed`, suggesting a close one; `hint`
    /// can explain a key that belongs somewhere else.
    func rejectUnknownKeys(_ fields: ObjectFields, allowed: [String],
                           hint: (String) -> String? = { _ in nil }) {
        for member in fields.members where !allowed.contains(member.key) {
            var notes: [String] = []
            if let suggestion = WordSuggestion.closest(to: member.key, among: allowed) {
                notes.append("did you mean \"\(suggestion)\"?")
            }
            if let extra = hint(member.key) {
                notes.append(extra)
            }
            var reason = "unknown key \"\(member.key)\""
            if !notes.isEmpty {
                reason += " (" + notes.joined(separator: "; ") + ")"
            }
            reason += "; allowed keys: \(ValueText.list(allowed))"
            report(fields.path(of: member.key), line: member.keyPosition.line, reason)
        }
    }

    /// The member for `key`; reports it when required and absent.
    func member(_ fields: ObjectFields, _ key: String, required: Bool) -> JSON5Member? {
        if let member = fields.member(key) { return member }
        if required {
            report(fields.path(of: key), line: fields.line, "required key is missing")
        }
        return nil
    }

    /// A nested object whose keys are all known.
    func object(_ fields: ObjectFields, _ key: String, allowed: [String], required: Bool) -> ObjectFields? {
        guard let member = member(fields, key, required: required),
              let object = asObject(member.value, path: fields.path(of: key)) else { return nil }
        rejectUnknownKeys(object, allowed: allowed)
        return object
    }

    func integer(_ fields: ObjectFields, _ key: String, in range: ClosedRange<Int>,
                 default fallback: Int? = nil) -> Located<Int>? {
        let bounds = "between \(range.lowerBound) and \(range.upperBound)"
        return integer(fields, key, default: fallback, accepts: range.contains, bounds: bounds)
    }

    func integer(_ fields: ObjectFields, _ key: String, oneOf allowed: [Int],
                 default fallback: Int? = nil) -> Located<Int>? {
        let bounds = "one of " + ValueText.list(allowed.map(String.init))
        return integer(fields, key, default: fallback, accepts: allowed.contains, bounds: bounds)
    }

    private func integer(_ fields: ObjectFields, _ key: String, default fallback: Int?,
                         accepts: @escaping @Sendable (Int) -> Bool, bounds: String) -> Located<Int>? {
        let path = fields.path(of: key)
        noteNumericKey(path, range: bounds) { value in
            value == value.rounded() && abs(value) < 1e15 && accepts(Int(value))
        }
        guard let member = member(fields, key, required: fallback == nil) else {
            return fallback.map { Located(value: $0, path: path, line: fields.line) }
        }
        let line = member.value.line
        guard case .number(let number) = member.value.kind else {
            report(path, line: line, "expected an integer, found \(ValueText.describe(member.value))")
            return nil
        }
        let double = number.doubleValue
        guard double.isFinite else {
            report(path, line: line, "must be an integer \(bounds), found \(number)")
            return nil
        }
        guard double == double.rounded() else {
            report(path, line: line, "expected an integer, found \(number)")
            return nil
        }
        guard let value = number.exactInteger, accepts(value) else {
            report(path, line: line, "must be \(bounds), found \(number)")
            return nil
        }
        return Located(value: value, path: path, line: line)
    }

    /// A finite number within `bounds`: every numeric key has a physical range.
    func number(_ fields: ObjectFields, _ key: String, _ bounds: NumberBounds,
                default fallback: Double? = nil) -> Located<Double>? {
        let path = fields.path(of: key)
        noteNumericKey(path, range: bounds.text, accepts: bounds.contains)
        guard let member = member(fields, key, required: fallback == nil) else {
            return fallback.map { Located(value: $0, path: path, line: fields.line) }
        }
        let line = member.value.line
        guard case .number(let number) = member.value.kind else {
            report(path, line: line, "expected a number, found \(ValueText.describe(member.value))")
            return nil
        }
        // NaN and the infinities fail `contains` too; they are named as such.
        let value = number.doubleValue
        guard value.isFinite, bounds.contains(value) else {
            let what = value.isFinite ? "" : "a finite number "
            report(path, line: line, "must be \(what)\(bounds.text), found \(number)")
            return nil
        }
        return Located(value: value, path: path, line: line)
    }

    func bool(_ fields: ObjectFields, _ key: String, default fallback: Bool? = nil) -> Located<Bool>? {
        let path = fields.path(of: key)
        guard let member = member(fields, key, required: fallback == nil) else {
            return fallback.map { Located(value: $0, path: path, line: fields.line) }
        }
        guard case .bool(let value) = member.value.kind else {
            report(path, line: member.value.line, "expected true or false, found \(ValueText.describe(member.value))")
            return nil
        }
        return Located(value: value, path: path, line: member.value.line)
    }

    /// A required string whose length in characters lies in `lengths`.
    func string(_ fields: ObjectFields, _ key: String, lengths: ClosedRange<Int>) -> Located<String>? {
        let path = fields.path(of: key)
        guard let member = member(fields, key, required: true) else { return nil }
        let line = member.value.line
        guard case .string(let text) = member.value.kind else {
            report(path, line: line, "expected a string, found \(ValueText.describe(member.value))")
            return nil
        }
        guard lengths.contains(text.count) else {
            report(path, line: line,
                   "must be \(lengths.lowerBound) to \(lengths.upperBound) characters long, found \(text.count)")
            return nil
        }
        return Located(value: text, path: path, line: line)
    }

    /// A required string that must be one of `options`.
    func choice(_ fields: ObjectFields, _ key: String, options: [String]) -> Located<String>? {
        let path = fields.path(of: key)
        guard let member = member(fields, key, required: true) else { return nil }
        let line = member.value.line
        let expected = "expected one of " + ValueText.list(options.map { "\"\($0)\"" })
        guard case .string(let text) = member.value.kind else {
            report(path, line: line, "\(expected), found \(ValueText.describe(member.value))")
            return nil
        }
        guard options.contains(text) else {
            var reason = "\(expected), found \(ValueText.quoted(text))"
            if let suggestion = WordSuggestion.closest(to: text, among: options) {
                reason += "; did you mean \"\(suggestion)\"?"
            }
            report(path, line: line, reason)
            return nil
        }
        return Located(value: text, path: path, line: line)
    }
}
