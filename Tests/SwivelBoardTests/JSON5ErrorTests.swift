import Testing
@testable import SwivelBoard

/// Rejected JSON5: where, and what was expected.
@Suite struct JSON5ErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { text.debugDescription }
    }

    static let syntaxCases: [Case] = [
        Case(text: "", line: 1, column: 1, message: "expected a value, found end of input"),
        Case(text: "{ a: 1 b: 2 }", line: 1, column: 8, message: "expected ',' or '}' after the value of \"a\", found 'b'"),
        Case(text: "{ a 1 }", line: 1, column: 5, message: "expected ':' after the key \"a\", found '1'"),
        Case(text: "[1, 2", line: 1, column: 6, message: "expected ',' or ']' after an array element, found end of input"),
        Case(text: "{ \"a\": }", line: 1, column: 8, message: "expected a value, found '}'"),
        Case(text: "{\n  a: 1,\n  b: ?\n}", line: 3, column: 6, message: "expected a value, found '?'"),
        Case(text: "{ a: hello }", line: 1, column: 6, message: "found the bare word 'hello' (strings need quotes)"),
        Case(text: "{ a: 1 } x", line: 1, column: 10, message: "expected end of input after the top-level value, found 'x'"),
        Case(text: "{ 1: 2 }", line: 1, column: 3, message: "expected a key (a name or a quoted string) or '}', found '1'"),
        Case(text: "{ , }", line: 1, column: 3, message: "expected a key (a name or a quoted string) or '}', found ','"),
        Case(text: "[ , ]", line: 1, column: 3, message: "expected a value, found ','"),
        Case(text: "\"abc", line: 1, column: 5, message: "unterminated string (it starts at 1:1)"),
        Case(text: "'a\nb'", line: 1, column: 3, message: "a line break inside a string must be escaped"),
        Case(text: "\"\\1\"", line: 1, column: 2, message: "'\\1' is not a valid escape"),
        Case(text: "\"\\01\"", line: 1, column: 2, message: "octal escapes"),
        Case(text: "\"\\uD800\"", line: 1, column: 2, message: "lone surrogate"),
        Case(text: "\"\\u12G4\"", line: 1, column: 6, message: "expected 4 hexadecimal digits, found 'G'"),
        Case(text: "/* open", line: 1, column: 8, message: "unterminated block comment (it starts at 1:1)"),
        Case(text: "/ 1", line: 1, column: 1, message: "expected '//' or '/*'"),
        Case(text: "01", line: 1, column: 1, message: "leading zeros are not allowed, found 01"),
        Case(text: "0x", line: 1, column: 3, message: "expected hexadecimal digits after '0x'"),
        Case(text: "1e", line: 1, column: 3, message: "expected exponent digits"),
        Case(text: "12abc", line: 1, column: 3, message: "expected a delimiter after the number, found 'a'"),
        Case(text: "-", line: 1, column: 2, message: "expected a number, found end of input"),
        Case(text: ".", line: 1, column: 1, message: "expected digits before or after '.'"),
        Case(text: "-Infinit", line: 1, column: 1, message: "expected a number, found 'Infinit'"),
        Case(text: "\t\t{ a: \u{7} }", line: 1, column: 8, message: "expected a value, found U+0007"),
    ]

    @Test(arguments: syntaxCases)
    func syntaxErrorsGiveLineColumnAndExpectation(_ test: Case) {
        do {
            let value = try JSON5.parse(test.text)
            Issue.record("parsed as \(value)")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.position == JSON5Position(line: test.line, column: test.column))
            #expect(error.message.contains(test.message), "\(error.message)")
        }
    }

    @Test func syntaxErrorNamesTheMemberBeingParsed() {
        #expect(throws: JSON5Error(.syntax, at: JSON5Position(line: 1, column: 26),
                                   "expected a value, found '}'", keyPath: "axes.yaw[1].speed")) {
            try JSON5.parse("{axes: {yaw: [0, {speed: }]}}")
        }
    }

    @Test func duplicateKeyNamesBothLines() {
        let text = "{\n  a: 1,\n  b: { c: 1,\n    \"c\": 2 },\n}"
        #expect(throws: JSON5Error(.duplicateKey, at: JSON5Position(line: 4, column: 5),
                                   "duplicate key \"c\": first at line 3, again at line 4", keyPath: "b.c")) {
            try JSON5.parse(text)
        }
    }

    @Test func sameKeyInDifferentObjectsIsFine() throws {
        _ = try JSON5.parse("{ a: { x: 1 }, b: { x: 2 } }")
    }

    @Test func nestingUpToTheBoundIsAccepted() throws {
        let depth = JSON5.defaultMaximumDepth
        _ = try JSON5.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
    }

    @Test func nestingPastTheBoundIsRejectedAtTheOffendingBracket() {
        let depth = JSON5.defaultMaximumDepth + 1
        let text = String(repeating: "{a:", count: depth - 1) + "[]" + String(repeating: "}", count: depth - 1)
        do {
            _ = try JSON5.parse(text)
            Issue.record("accepted \(depth) levels")
        } catch {
            #expect(error.kind == .tooDeep)
            #expect(error.position == JSON5Position(line: 1, column: 3 * (depth - 1) + 1))
        }
    }

    @Test func hostileNestingDoesNotExhaustTheStack() {
        #expect(throws: JSON5Error.self) {
            try JSON5.parse(String(repeating: "[", count: 1_000_000))
        }
    }

    @Test func inputLargerThanTheBoundIsRejected() {
        let text = "1" + String(repeating: " ", count: JSON5.defaultMaximumBytes)
        do {
            _ = try JSON5.parse(text)
            Issue.record("accepted \(text.utf8.count) bytes")
        } catch {
            #expect(error.kind == .tooLarge)
        }
        // Exactly at the bound is still fine.
        #expect(throws: Never.self) { try JSON5.parse("1" + String(repeating: " ", count: JSON5.defaultMaximumBytes - 1)) }
    }
}
