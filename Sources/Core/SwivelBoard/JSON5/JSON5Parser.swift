/// Recursive descent over Unicode scalars. Each `parse…` method starts at the
/// first character of its construct and stops just after it.
struct JSON5Parser {
    enum PathComponent {
        case key(String)
        case index(Int)
    }

    let scalars: [Unicode.Scalar]
    let maximumDepth: Int
    var index = 0
    var line = 1
    var column = 1
    var depth = 0
    /// The member or element being parsed, for error messages.
    var path: [PathComponent] = []

    init(_ text: String, maximumDepth: Int) {
        self.scalars = Array(text.unicodeScalars)
        self.maximumDepth = maximumDepth
    }

    mutating func parseDocument() throws(JSON5Error) -> JSON5Value {
        try skipTrivia()
        let value = try parseValue()
        try skipTrivia()
        if let extra = current {
            throw syntaxError("expected end of input after the top-level value, found \(Self.describe(extra))")
        }
        return value
    }

    mutating func parseValue() throws(JSON5Error) -> JSON5Value {
        guard let c = current else {
            throw syntaxError("expected a value, found end of input")
        }
        switch c {
        case "{":
            return try parseObject()
        case "[":
            return try parseArray()
        case "\"", "'":
            let start = position
            return JSON5Value(.string(try parseString()), at: start)
        case "0"..."9", "+", "-", ".":
            return try parseNumber()
        default:
            guard Self.isIdentifierStart(c) else {
                throw syntaxError("expected a value, found \(Self.describe(c))")
            }
            return try parseLiteralWord()
        }
    }

    /// `true`, `false`, `null`, `Infinity`, `NaN`; any other bare word is an
    /// unquoted string, which JSON5 does not allow as a value.
    private mutating func parseLiteralWord() throws(JSON5Error) -> JSON5Value {
        let start = position
        var word = String.UnicodeScalarView()
        while let c = current, Self.isIdentifierPart(c) {
            word.append(c)
            advance()
        }
        switch String(word) {
        case "true": return JSON5Value(.bool(true), at: start)
        case "false": return JSON5Value(.bool(false), at: start)
        case "null": return JSON5Value(.null, at: start)
        case "Infinity": return JSON5Value(.number(.decimal(.infinity)), at: start)
        case "NaN": return JSON5Value(.number(.decimal(.nan)), at: start)
        case let other:
            throw JSON5Error(.syntax, at: start,
                             "expected a value, found the bare word '\(other)' (strings need quotes)",
                             keyPath: renderedPath)
        }
    }

    private mutating func parseObject() throws(JSON5Error) -> JSON5Value {
        let start = position
        advance()  // {
        try enterContainer(at: start)
        var members: [JSON5Member] = []
        var firstLineOfKey: [String: Int] = [:]
        try skipTrivia()
        while true {
            guard let c = current else {
                throw syntaxError("expected a key or '}', found end of input")
            }
            if c == "}" {
                advance()
                break
            }
            let keyPosition = position
            let key = try parseKey()
            if let firstLine = firstLineOfKey[key] {
                path.append(.key(key))
                throw JSON5Error(.duplicateKey, at: keyPosition,
                                 "duplicate key \"\(key)\": first at line \(firstLine), again at line \(keyPosition.line)",
                                 keyPath: renderedPath)
            }
            firstLineOfKey[key] = keyPosition.line
            try skipTrivia()
            guard current == ":" else {
                throw syntaxError("expected ':' after the key \"\(key)\", found \(Self.describe(current))")
            }
            advance()
            try skipTrivia()
            path.append(.key(key))
            let value = try parseValue()
            path.removeLast()
            members.append(JSON5Member(key: key, keyPosition: keyPosition, value: value))
            try skipTrivia()
            if current == "," {
                advance()
                try skipTrivia()
                continue
            }
            if current == "}" {
                advance()
                break
            }
            throw syntaxError("expected ',' or '}' after the value of \"\(key)\", found \(Self.describe(current))")
        }
        depth -= 1
        return JSON5Value(.object(members), at: start)
    }

    private mutating func parseKey() throws(JSON5Error) -> String {
        guard let c = current else {
            throw syntaxError("expected a key or '}', found end of input")
        }
        if c == "\"" || c == "'" {
            return try parseString()
        }
        if c == "\\" || Self.isIdentifierStart(c) {
            return try parseIdentifierName()
        }
        throw syntaxError("expected a key (a name or a quoted string) or '}', found \(Self.describe(c))")
    }

    private mutating func parseArray() throws(JSON5Error) -> JSON5Value {
        let start = position
        advance()  // [
        try enterContainer(at: start)
        var elements: [JSON5Value] = []
        try skipTrivia()
        while true {
            guard let c = current else {
                throw syntaxError("expected a value or ']', found end of input")
            }
            if c == "]" {
                advance()
                break
            }
            path.append(.index(elements.count))
            let element = try parseValue()
            path.removeLast()
            elements.append(element)
            try skipTrivia()
            if current == "," {
                advance()
                try skipTrivia()
                continue
            }
            if current == "]" {
                advance()
                break
            }
            throw syntaxError("expected ',' or ']' after an array element, found \(Self.describe(current))")
        }
        depth -= 1
        return JSON5Value(.array(elements), at: start)
    }

    private mutating func enterContainer(at start: JSON5Position) throws(JSON5Error) {
        depth += 1
        if depth > maximumDepth {
            throw JSON5Error(.tooDeep, at: start,
                             "objects and arrays nested deeper than \(maximumDepth) levels",
                             keyPath: renderedPath)
        }
    }
}
