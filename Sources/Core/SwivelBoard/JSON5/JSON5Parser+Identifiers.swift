/// Unquoted keys: ECMAScript 5.1 IdentifierName, including `\uXXXX` escapes.
extension JSON5Parser {
    static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        c == "$" || c == "_" || c.properties.isIDStart
    }

    static func isIdentifierPart(_ c: Unicode.Scalar) -> Bool {
        // U+200C/U+200D (ZWNJ/ZWJ) are allowed inside names by the spec.
        isIdentifierStart(c) || c.properties.isIDContinue || c == "\u{200C}" || c == "\u{200D}"
    }

    mutating func parseIdentifierName() throws(JSON5Error) -> String {
        var name = String.UnicodeScalarView()
        while let c = current {
            let scalar: Unicode.Scalar
            if c == "\\" {
                let escapeStart = position
                advance()
                guard current == "u" else {
                    throw syntaxError("expected 'u' after '\\' in a key name, found \(Self.describe(current))")
                }
                advance()
                let value = try parseHexDigits(count: 4)
                guard let decoded = Unicode.Scalar(value),
                      name.isEmpty ? Self.isIdentifierStart(decoded) : Self.isIdentifierPart(decoded) else {
                    throw JSON5Error(.syntax, at: escapeStart,
                                     "\\u\(Self.hex4(value)) is not a character allowed in a key name",
                                     keyPath: renderedPath)
                }
                scalar = decoded
            } else if name.isEmpty ? Self.isIdentifierStart(c) : Self.isIdentifierPart(c) {
                scalar = c
                advance()
            } else {
                break
            }
            name.append(scalar)
        }
        return String(name)
    }

    /// Reads exactly `count` hex digits.
    mutating func parseHexDigits(count: Int) throws(JSON5Error) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let c = current, let digit = Self.hexValue(c) else {
                throw syntaxError("expected \(count) hexadecimal digits, found \(Self.describe(current))")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    static func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c {
        case "0"..."9": c.value - 0x30
        case "a"..."f": c.value - 0x61 + 10
        case "A"..."F": c.value - 0x41 + 10
        default: nil
        }
    }
}
