import Testing
@testable import SwivelBoard

/// Each JSON5 feature the board files may use.
@Suite struct JSON5SyntaxTests {
    func parse(_ text: String) throws -> JSON5Value {
        try JSON5.parse(text)
    }

    func members(_ text: String) throws -> [String: JSON5Value.Kind] {
        guard case .object(let members) = try parse(text).kind else {
            Issue.record("not an object: \(text)")
            return [:]
        }
        return Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value.kind) })
    }

    func string(_ literal: String) throws -> String? {
        guard case .string(let text) = try parse(literal).kind else { return nil }
        return text
    }

    func number(_ literal: String) throws -> JSON5Number? {
        guard case .number(let number) = try parse(literal).kind else { return nil }
        return number
    }

    @Test func lineAndBlockCommentsAreSkipped() throws {
        let text = """
            // leading comment
            { /* inside */ a: 1, // after a member
              /* multi
                 line */ b: 2 }
            // trailing comment
            """
        #expect(try members(text) == ["a": .number(.integer(1)), "b": .number(.integer(2))])
    }

    @Test func unquotedKeysFollowIdentifierRules() throws {
        let fields = try members(#"{ plain: 1, $dollar: 2, _under: 3, café: 4, a1: 5, \u0061b: 6 }"#)
        #expect(Set(fields.keys) == ["plain", "$dollar", "_under", "café", "a1", "ab"])
    }

    @Test func bothQuoteStylesWithEscapes() throws {
        #expect(try string(#"'single "double" inside'"#) == #"single "double" inside"#)
        #expect(try string(#""double 'single' inside""#) == "double 'single' inside")
        #expect(try string(#""\n\t\'\"\\\/""#) == "\n\t'\"\\/")
        #expect(try string(#""\b\f\v\r\0""#) == "\u{08}\u{0C}\u{0B}\r\u{00}")
        #expect(try string(#""\u00e9\x41""#) == "éA")
        #expect(try string(#""\uD83D\uDE00""#) == "😀")
        #expect(try string(#""\q""#) == "q")
        #expect(try string("\"a\u{2028}b\"") == "a\u{2028}b")
    }

    @Test func backslashAtLineEndContinuesTheString() throws {
        #expect(try string("\"one \\\ntwo\"") == "one two")
        #expect(try string("'one \\\r\ntwo'") == "one two")
    }

    @Test func trailingCommasInObjectsAndArrays() throws {
        #expect(try members("{ a: 1, b: [1, 2,], }")["b"] == .array([
            JSON5Value(.number(.integer(1)), at: JSON5Position(line: 1, column: 13)),
            JSON5Value(.number(.integer(2)), at: JSON5Position(line: 1, column: 16)),
        ]))
    }

    @Test func hexadecimalIntegers() throws {
        #expect(try number("0x1F") == .integer(31))
        #expect(try number("0XfF") == .integer(255))
        #expect(try number("-0x10") == .integer(-16))
        #expect(try number("+0x10") == .integer(16))
    }

    @Test func decimalForms() throws {
        #expect(try number(".5") == .decimal(0.5))
        #expect(try number("5.") == .decimal(5))
        #expect(try number("+1") == .integer(1))
        #expect(try number("-.5e1") == .decimal(-5))
        #expect(try number("1E3") == .decimal(1000))
        #expect(try number("2.5e-1") == .decimal(0.25))
        #expect(try number("0") == .integer(0))
        #expect(try number("-0") == .integer(0))
    }

    @Test func integerLiteralsStayDistinctFromDecimals() throws {
        #expect(try number("16") == .integer(16))
        #expect(try number("16.0") == .decimal(16))
        #expect(try number("16.0")?.exactInteger == 16)
        #expect(try number("1.5")?.exactInteger == nil)
        #expect(try number("1e3")?.exactInteger == 1000)
        // Too large for Int: kept as a decimal rather than wrapped or rejected.
        #expect(try number("99999999999999999999") == .decimal(1e20))
        #expect(try number("0x10000000000000000") == .decimal(18446744073709551616))
    }

    @Test func infinityAndNaNLiterals() throws {
        #expect(try number("Infinity") == .decimal(.infinity))
        #expect(try number("+Infinity") == .decimal(.infinity))
        #expect(try number("-Infinity") == .decimal(-.infinity))
        #expect(try number("NaN")?.doubleValue.isNaN == true)
        #expect(try number("-NaN")?.doubleValue.isNaN == true)
        #expect(try number("NaN")?.exactInteger == nil)
        #expect(try number("Infinity")?.exactInteger == nil)
    }

    @Test func nullTrueFalse() throws {
        #expect(try parse("null").kind == .null)
        #expect(try parse("true").kind == .bool(true))
        #expect(try parse("false").kind == .bool(false))
    }

    @Test func valuesAndKeysCarryLineAndColumn() throws {
        let text = "{\n\tfirst: 1,\r\n  'second': [true,\n    null],\u{2028}third: \"x\"\n}"
        guard case .object(let members) = try parse(text).kind else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["first", "second", "third"])
        #expect(members[0].keyPosition == JSON5Position(line: 2, column: 2))
        #expect(members[0].value.position == JSON5Position(line: 2, column: 9))
        #expect(members[1].keyPosition == JSON5Position(line: 3, column: 3))
        #expect(members[1].value.position == JSON5Position(line: 3, column: 13))
        guard case .array(let elements) = members[1].value.kind else {
            Issue.record("second is not an array")
            return
        }
        #expect(elements[1].position == JSON5Position(line: 4, column: 5))
        #expect(members[2].keyPosition == JSON5Position(line: 5, column: 1))
        #expect(members[2].value.position == JSON5Position(line: 5, column: 8))
    }

    @Test func whitespaceIncludesUnicodeSpacesAndByteOrderMark() throws {
        #expect(try parse("\u{FEFF}\u{A0}\u{2003}\u{0B}\u{0C} 7 ").kind == .number(.integer(7)))
    }

    @Test func objectMembersKeepSourceOrder() throws {
        guard case .object(let members) = try parse("{ z: 1, a: 2, m: 3 }").kind else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m"])
    }
}
