/// Numbers: an optional sign, then `Infinity`, `NaN`, a hex integer, or a
/// decimal with optional leading/trailing point and exponent.
extension JSON5Parser {
    mutating func parseNumber() throws(JSON5Error) -> JSON5Value {
        let start = position
        var negative = false
        if let sign = current, sign == "+" || sign == "-" {
            negative = sign == "-"
            advance()
        }
        let number: JSON5Number
        if current == "I" || current == "N" {
            number = try parseNamedNumber(negative: negative, start: start)
        } else if current == "0", let x = peek(1), x == "x" || x == "X" {
            advance()
            advance()
            number = try parseHexInteger(negative: negative)
        } else {
            number = try parseDecimal(negative: negative, start: start)
        }
        if let next = current, next == "\\" || ("0"..."9").contains(next) || Self.isIdentifierStart(next) {
            throw syntaxError("expected a delimiter after the number, found \(Self.describe(next))")
        }
        return JSON5Value(.number(number), at: start)
    }

    private mutating func parseNamedNumber(negative: Bool, start: JSON5Position) throws(JSON5Error) -> JSON5Number {
        var word = String.UnicodeScalarView()
        while let c = current, Self.isIdentifierPart(c) {
            word.append(c)
            advance()
        }
        switch String(word) {
        case "Infinity": return .decimal(negative ? -.infinity : .infinity)
        case "NaN": return .decimal(.nan)
        case let other:
            throw JSON5Error(.syntax, at: start, "expected a number, found '\(other)'", keyPath: renderedPath)
        }
    }

    private mutating func parseHexInteger(negative: Bool) throws(JSON5Error) -> JSON5Number {
        guard let first = current, Self.hexValue(first) != nil else {
            throw syntaxError("expected hexadecimal digits after '0x', found \(Self.describe(current))")
        }
        var exact: Int? = 0
        var approximate = 0.0
        while let c = current, let digit = Self.hexValue(c) {
            approximate = approximate * 16 + Double(digit)
            if let soFar = exact {
                let (shifted, overflowA) = soFar.multipliedReportingOverflow(by: 16)
                let (sum, overflowB) = shifted.addingReportingOverflow(Int(digit))
                exact = overflowA || overflowB ? nil : sum
            }
            advance()
        }
        if let exact {
            return .integer(negative ? -exact : exact)
        }
        return .decimal(negative ? -approximate : approximate)
    }

    private mutating func parseDecimal(negative: Bool, start: JSON5Position) throws(JSON5Error) -> JSON5Number {
        let integerDigits = collectDigits()
        var fractionDigits = ""
        var hasPoint = false
        if current == "." {
            hasPoint = true
            advance()
            fractionDigits = collectDigits()
        }
        guard !integerDigits.isEmpty || !fractionDigits.isEmpty else {
            throw hasPoint
                ? JSON5Error(.syntax, at: start, "expected digits before or after '.'", keyPath: renderedPath)
                : syntaxError("expected a number, found \(Self.describe(current))")
        }
        if integerDigits.count > 1 && integerDigits.first == "0" {
            throw JSON5Error(.syntax, at: start, "leading zeros are not allowed, found \(integerDigits)",
                             keyPath: renderedPath)
        }
        var exponent = ""
        if current == "e" || current == "E" {
            advance()
            if let sign = current, sign == "+" || sign == "-" {
                exponent.unicodeScalars.append(sign)
                advance()
            }
            let digits = collectDigits()
            guard !digits.isEmpty else {
                throw syntaxError("expected exponent digits, found \(Self.describe(current))")
            }
            exponent += digits
        }
        let sign = negative ? "-" : ""
        if !hasPoint && exponent.isEmpty, let value = Int(sign + integerDigits) {
            return .integer(value)
        }
        // Normalised so the conversion sees a plain `d.dEx` form.
        let text = sign + (integerDigits.isEmpty ? "0" : integerDigits) + "."
            + (fractionDigits.isEmpty ? "0" : fractionDigits) + (exponent.isEmpty ? "" : "e" + exponent)
        guard let value = Double(text) else {
            throw JSON5Error(.syntax, at: start, "cannot read the number \(text)", keyPath: renderedPath)
        }
        return .decimal(value)
    }

    private mutating func collectDigits() -> String {
        var digits = String.UnicodeScalarView()
        while let c = current, ("0"..."9").contains(c) {
            digits.append(c)
            advance()
        }
        return String(digits)
    }
}
