/// How values appear in problem reasons.
enum ValueText {
    /// What was found, for "expected X, found Y".
    static func describe(_ value: JSON5Value) -> String {
        switch value.kind {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.description
        case .string(let text): return "the string " + quoted(text)
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    static func quoted(_ text: String) -> String {
        let limit = 40
        let shown = text.count > limit ? String(text.prefix(limit)) + "…" : text
        return "\"" + shown + "\""
    }

    /// Integral values without a trailing ".0"; others as Swift prints them.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int(value))
        }
        return String(value)
    }

    /// A computed value, rounded to three decimals so messages stay readable.
    static func rounded(_ value: Double) -> String {
        guard value.isFinite else { return number(value) }
        return number((value * 1000).rounded() / 1000)
    }

    /// An I2C address as datasheets write it: 0x36.
    static func hexByte(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }

    static func list(_ items: [String]) -> String {
        items.joined(separator: ", ")
    }
}
