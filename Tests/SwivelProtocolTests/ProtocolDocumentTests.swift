import SwivelVocabulary
import SwivelProtocol
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// docs/PROTOCOL.md's test vectors, decoded by the code: the document cannot
/// drift from the codec without this failing.
@Suite struct ProtocolDocumentTests {
    static let documentPath: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/SwivelProtocolTests/<this file>
        return parts.joined(separator: "/") + "/docs/PROTOCOL.md"
    }()

    static func documentText() throws -> String {
        guard let file = fopen(documentPath, "r") else { throw DocumentError("cannot open \(documentPath)") }
        defer { fclose(file) }
        var text = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return text
    }

    /// name → wire bytes, from every ```vector block.
    static func documentVectors() throws -> [String: [UInt8]] {
        let text = try documentText()
        var vectors: [String: [UInt8]] = [:]
        var current: String?
        var bytes: [UInt8] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```vector ") {
                current = String(line.dropFirst("```vector ".count).trimmingSpaces)
                bytes = []
            } else if let name = current, line.hasPrefix("```") {
                if vectors[name] != nil { throw DocumentError("vector \(name) appears twice") }
                vectors[name] = bytes
                current = nil
            } else if current != nil {
                for token in line.split(separator: " ") {
                    guard let byte = UInt8(token, radix: 16) else { throw DocumentError("bad hex \(token) in \(current ?? "")") }
                    bytes.append(byte)
                }
            }
        }
        return vectors
    }

    @Test func everyMessageHasAVectorAndEveryVectorIsKnown() throws {
        let documented = try Self.documentVectors()
        let expected = Set(ProtocolVectors.all.map(\.name))
        for missing in expected.subtracting(documented.keys).sorted() {
            Issue.record("docs/PROTOCOL.md lacks vector \(missing):\n```vector \(missing)\n\(ProtocolVectors.hex(ProtocolVectors.encode(ProtocolVectors.all.first { $0.name == missing }!)))\n```")
        }
        for unknown in Set(documented.keys).subtracting(expected).sorted() {
            Issue.record("docs/PROTOCOL.md has vector \(unknown) that no test checks")
        }
        var ids = Set<MessageID>()
        for vector in ProtocolVectors.all {
            switch vector.message {
            case .host(let m): ids.insert(m.messageID)
            case .accessory(let m): ids.insert(m.messageID)
            }
        }
        #expect(ids == Set(MessageID.allCases), "every message id has a vector")
    }

    @Test(arguments: ProtocolVectors.all.map(\.name))
    func theDocumentedBytesDecodeToTheMessage(name: String) throws {
        let vector = try #require(ProtocolVectors.all.first { $0.name == name })
        let wire = try #require(try Self.documentVectors()[name], "vector \(name) is not in the document")
        let encoded = ProtocolVectors.encode(vector)
        #expect(wire == encoded, "re-encoding differs; the code says:\n\(ProtocolVectors.hex(encoded))")
        var decoder = FrameDecoder()
        var frames: [(FrameHeader, [UInt8])] = []
        decoder.feed(wire) { frames.append(($0.header, $0.payloadBytes())) }
        let (header, payload) = try #require(frames.first)
        #expect(frames.count == 1)
        #expect(header.version == ProtocolVersion.current)
        #expect(header.sequence == vector.sequence)
        switch vector.message {
        case .host(let expected):
            #expect(try HostMessage.decode(messageID: header.messageID, payload: payload) == expected)
        case .accessory(let expected):
            #expect(try AccessoryMessage.decode(messageID: header.messageID, payload: payload) == expected)
        }
    }
}

struct DocumentError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " || s.last == "\r" { s.removeLast() }
        return s
    }
}

/// `SWIVEL_PRINT_VECTORS=1 swift test --filter printVectors` prints every
/// vector as docs/PROTOCOL.md shows it, for writing the document.
@Suite struct ProtocolVectorPrinter {
    @Test(.enabled(if: getenv("SWIVEL_PRINT_VECTORS") != nil))
    func printVectors() {
        for vector in ProtocolVectors.all {
            let (id, payload): (MessageID, [UInt8]) =
                switch vector.message {
                case .host(let m): (m.messageID, m.encodePayload())
                case .accessory(let m): (m.messageID, m.encodePayload())
                }
            let header: [UInt8] = [ProtocolVersion.current, 0, UInt8(vector.sequence & 0xFF), UInt8(vector.sequence >> 8), id.rawValue]
            let crc = CRC16MCRF4XX.checksum(header + payload)
            print("@@\(vector.name)")
            print("Header `\(ProtocolVectors.hex(header))` (\(id), seq \(vector.sequence)), payload `\(payload.isEmpty ? "(none)" : ProtocolVectors.hex(payload))`, CRC `\(ProtocolVectors.hex([UInt8(crc & 0xFF), UInt8(crc >> 8)]))`; on the wire:")
            print("")
            print("```vector \(vector.name)")
            print(ProtocolVectors.hex(ProtocolVectors.encode(vector)))
            print("```")
        }
    }
}
