/// Single- or double-quoted strings with JSON5's escapes.
extension JSON5Parser {
    mutating func parseString() throws(JSON5Error) -> String {
        guard let quote = current else {
            throw syntaxError("expected a string, found end of input")
        }
        let start = position
        advance()
        var text = String.UnicodeScalarView()
        while true {
            guard let c = current else {
                throw syntaxError("unterminated string (it starts at \(start)); expected \(Self.describe(quote))")
            }
            if c == quote {
                advance()
                return String(text)
            }
            if c == "\n" || c == "\r" {
                throw syntaxError("unterminated string (it starts at \(start)): a line break inside a string must be escaped with '\\'")
            }
            if c == "\\" {
                try parseEscape(into: &text)
            } else {
                text.append(c)
                advance()
            }
        }
    }

    private mutating func parseEscape(into text: inout String.UnicodeScalarView) throws(JSON5Error) {
        let escapeStart = position
        advance()  // backslash
        guard let c = current else {
            throw syntaxError("unterminated string: expected an escaped character after '\\', found end of input")
        }
        // A backslash before a line break continues the string on the next line.
        if Self.isLineTerminator(c) {
            advance()
            if c == "\r" && current == "\n" {
                advance()
            }
            return
        }
        switch c {
        case "b": text.append("\u{08}")
        case "f": text.append("\u{0C}")
        case "n": text.append("\n")
        case "r": text.append("\r")
        case "t": text.append("\t")
        case "v": text.append("\u{0B}")
        case "0":
            if let next = peek(1), ("0"..."9").contains(next) {
                throw JSON5Error(.syntax, at: escapeStart, "octal escapes such as '\\0\(next)' are not allowed",
                                 keyPath: renderedPath)
            }
            text.append("\u{00}")
        case "1"..."9":
            throw JSON5Error(.syntax, at: escapeStart, "'\\\(c)' is not a valid escape (octal escapes are not allowed)",
                             keyPath: renderedPath)
        case "x":
            advance()
            let value = try parseHexDigits(count: 2)
            // Two hex digits are at most 0xFF: always a valid scalar.
            text.append(Unicode.Scalar(UInt8(value)))
            return
        case "u":
            advance()
            text.append(try parseUnicodeEscape(startingAt: escapeStart))
            return
        default:
            // JSON5 lets any other character escape to itself: \' \" \\ \/ and so on.
            text.append(c)
        }
        advance()
    }

    /// After `\u`: four hex digits, combining a UTF-16 surrogate pair when one follows.
    private mutating func parseUnicodeEscape(startingAt escapeStart: JSON5Position) throws(JSON5Error) -> Unicode.Scalar {
        let first = try parseHexDigits(count: 4)
        if (0xD800...0xDBFF).contains(first), current == "\\", peek(1) == "u" {
            advance()
            advance()
            let second = try parseHexDigits(count: 4)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw JSON5Error(.syntax, at: escapeStart,
                                 "\\u\(Self.hex4(first)) is a high surrogate not followed by a low surrogate",
                                 keyPath: renderedPath)
            }
            let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            if let scalar = Unicode.Scalar(combined) { return scalar }
        }
        guard let scalar = Unicode.Scalar(first) else {
            throw JSON5Error(.syntax, at: escapeStart,
                             "\\u\(Self.hex4(first)) is a lone surrogate, which a string cannot hold",
                             keyPath: renderedPath)
        }
        return scalar
    }
}
