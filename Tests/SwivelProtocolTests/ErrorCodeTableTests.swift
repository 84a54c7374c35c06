import SwivelProtocol
import SwivelVocabulary
import Testing

/// One ERR code table: `SwivelError.Code` is what the engine refuses with and
/// what ERR carries, and it must be docs/PROTOCOL.md's table, number for number and name for name.
@Suite struct ErrorCodeTableTests {
    /// "number name" per row of the table that follows the ERR layout.
    static func documentedCodes() throws -> [String] {
        let lines = try ProtocolDocumentTests.documentText().split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| Code | Name | When |") }) else {
            throw DocumentError("docs/PROTOCOL.md has no error code table")
        }
        var rows: [String] = []
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|").map { String($0.trimmingSpaces) }
            guard cells.count >= 2 else { throw DocumentError("bad row \(line)") }
            let number = cells[0].hasPrefix("0x") ? UInt8(cells[0].dropFirst(2), radix: 16) : UInt8(cells[0])
            guard let number, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { throw DocumentError("bad row \(line)") }
            rows.append("\(number) \(cells[1].dropFirst().dropLast())")
        }
        return rows
    }

    @Test func theCodesAreTheDocumentsTable() throws {
        let documented = try Self.documentedCodes()
        #expect(documented.count == 14, "the table had 14 codes at issue 28")
        #expect(SwivelError.Code.allCases.map { "\($0.rawValue) \($0)" } == documented)
    }

    @Test(arguments: SwivelError.Code.allCases)
    func everyCodeRoundTripsThroughAnErr(code: SwivelError.Code) throws {
        #expect(SwivelError.Code(rawValue: code.rawValue) == code)
        let reply = ErrorReply(commandID: 0x25, code: code, axis: .yaw, value: 0.5, reason: "r")
        let payload = AccessoryMessage.error(reply).encodePayload()
        #expect(payload[1] == code.rawValue)
        #expect(try AccessoryMessage.decode(messageID: MessageID.error.rawValue, payload: payload) == .error(reply))
    }

    @Test func anEngineRefusalTravelsWithItsOwnCode() {
        for code in SwivelError.Code.allCases {
            let reply = ErrorReply(commandID: 0x21, SwivelError(code, .nonFiniteValue, axis: .pitch, value: 2))
            #expect(reply.code == code)
            #expect(reply.description == SwivelError(code, .nonFiniteValue, axis: .pitch, value: 2).description)
        }
    }
}
