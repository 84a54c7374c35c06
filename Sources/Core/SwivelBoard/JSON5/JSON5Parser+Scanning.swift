/// Cursor movement, line/column bookkeeping, whitespace and comments.
extension JSON5Parser {
    var position: JSON5Position { JSON5Position(line: line, column: column) }

    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        let at = index + offset
        return at < scalars.count ? scalars[at] : nil
    }

    /// Moves past the current scalar. A CR LF pair counts as one line break.
    mutating func advance() {
        guard let c = current else { return }
        index += 1
        switch c {
        case "\n", "\u{2028}", "\u{2029}":
            line += 1
            column = 1
        case "\r":
            if current == "\n" {
                column += 1
            } else {
                line += 1
                column = 1
            }
        default:
            column += 1
        }
    }

    static func isLineTerminator(_ c: Unicode.Scalar) -> Bool {
        c == "\n" || c == "\r" || c == "\u{2028}" || c == "\u{2029}"
    }

    static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "\t", "\u{0B}", "\u{0C}", " ", "\u{A0}", "\u{FEFF}":
            return true
        default:
            return isLineTerminator(c) || c.properties.generalCategory == .spaceSeparator
        }
    }

    /// Skips whitespace, `// line` and `/* block */` comments.
    mutating func skipTrivia() throws(JSON5Error) {
        while let c = current {
            if Self.isWhitespace(c) {
                advance()
            } else if c == "/" {
                try skipComment()
            } else {
                return
            }
        }
    }

    private mutating func skipComment() throws(JSON5Error) {
        let start = position
        advance()  // /
        switch current {
        case "/":
            while let c = current, !Self.isLineTerminator(c) {
                advance()
            }
        case "*":
            advance()
            while true {
                guard let c = current else {
                    throw syntaxError("unterminated block comment (it starts at \(start)); expected '*/'")
                }
                advance()
                if c == "*" && current == "/" {
                    advance()
                    return
                }
            }
        default:
            throw JSON5Error(.syntax, at: start,
                             "expected '//' or '/*' to start a comment, found '/' followed by \(Self.describe(current))",
                             keyPath: renderedPath)
        }
    }

    func syntaxError(_ message: String) -> JSON5Error {
        JSON5Error(.syntax, at: position, message, keyPath: renderedPath)
    }

    var renderedPath: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// A character as an error message shows it: visible characters quoted,
    /// invisible ones by code point.
    static func describe(_ c: Unicode.Scalar?) -> String {
        guard let c else { return "end of input" }
        if isLineTerminator(c) { return "a line break" }
        if c == "'" { return "\"'\"" }
        switch c.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
             .surrogate, .privateUse, .unassigned:
            return "U+" + hex4(c.value)
        default:
            return "'\(c)'"
        }
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
