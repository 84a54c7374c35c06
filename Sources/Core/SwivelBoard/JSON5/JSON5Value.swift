/// Where a value or key starts in the source text. Both are 1-based; columns
/// count Unicode scalars, so a tab or an accented letter is one column.
public struct JSON5Position: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// A JSON5 number, keeping whether the literal was written as an integer:
/// `16` and `16.0` parse differently, so a loader can decide for itself how
/// strict to be about integrality.
public enum JSON5Number: Equatable, Sendable, CustomStringConvertible {
    /// A decimal or hexadecimal literal without fraction or exponent that fits an `Int`.
    case integer(Int)
    /// Anything else: fractions, exponents, `Infinity`, `NaN`, and integers too large for `Int`.
    case decimal(Double)

    public var doubleValue: Double {
        switch self {
        case .integer(let value): Double(value)
        case .decimal(let value): value
        }
    }

    /// The value as an `Int` when it is exactly integral (`16.0` included), else nil.
    public var exactInteger: Int? {
        switch self {
        case .integer(let value): value
        case .decimal(let value): Int(exactly: value)
        }
    }

    public var description: String {
        switch self {
        case .integer(let value):
            return String(value)
        case .decimal(let value):
            if value.isNaN { return "NaN" }
            if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
            return String(value)
        }
    }
}

/// One member of an object, in source order.
public struct JSON5Member: Equatable, Sendable {
    public var key: String
    public var keyPosition: JSON5Position
    public var value: JSON5Value

    public init(key: String, keyPosition: JSON5Position, value: JSON5Value) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A parsed JSON5 value and the position of its first character.
public struct JSON5Value: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case null
        case bool(Bool)
        case number(JSON5Number)
        case string(String)
        case array([JSON5Value])
        /// Members in source order; keys are unique (the parser rejects duplicates).
        case object([JSON5Member])
    }

    public var kind: Kind
    public var position: JSON5Position

    public init(_ kind: Kind, at position: JSON5Position) {
        self.kind = kind
        self.position = position
    }

    public var line: Int { position.line }
}
