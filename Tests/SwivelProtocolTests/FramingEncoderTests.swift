import Testing

@testable import SwivelProtocol

@Suite struct FramingEncoderTests {
    /// Golden wire bytes, computed independently (Python) from the layout in
    /// docs/PROTOCOL.md: 01 00 01 02 10 + CRC 0x4221.
    @Test func emptyPayloadGoldenVector() throws {
        let header = FrameHeader(sequence: 0x0201, messageID: 0x10)
        #expect(try wire(header, []) == [0x02, 0x01, 0x06, 0x01, 0x02, 0x10, 0x21, 0x42, 0x00])
    }

    /// 01 01 34 12 42 | 00 AA 55 | CRC 0x6F34, little-endian.
    @Test func retransmissionGoldenVector() throws {
        let header = FrameHeader(flags: .retransmission, sequence: 0x1234, messageID: 0x42)
        #expect(
            try wire(header, [0x00, 0xAA, 0x55])
                == [0x06, 0x01, 0x01, 0x34, 0x12, 0x42, 0x05, 0xAA, 0x55, 0x34, 0x6F, 0x00])
    }

    @Test func layoutOfTheDecodedFrame() throws {
        let header = FrameHeader(version: 9, flags: .retransmission, sequence: 0xBEEF, messageID: 0x7A)
        let payload: [UInt8] = [1, 2, 3, 0, 250]
        let encoded = try wire(header, payload)
        #expect(encoded.last == 0)
        #expect(!encoded.dropLast().contains(0))
        let decoded = try COBS.decode(encoded.dropLast())
        #expect(decoded == handBuiltFrame([9, 0x01, 0xEF, 0xBE, 0x7A] + payload))
    }

    @Test func defaultHeaderUsesTheCurrentVersionAndNoFlags() {
        let header = FrameHeader(sequence: 3, messageID: 4)
        #expect(header.version == ProtocolVersion.current)
        #expect(header.flags == [])
        #expect(FrameHeader.byteCount == 5)
    }

    @Test func reservedFlagBitsAreSentAsZero() throws {
        let header = FrameHeader(flags: FrameFlags(rawValue: 0xFF), sequence: 1, messageID: 2)
        let decoded = try COBS.decode(try wire(header, []).dropLast())
        #expect(decoded[1] == 0x01)
        let none = FrameHeader(flags: FrameFlags(rawValue: 0xFE), sequence: 1, messageID: 2)
        #expect(try COBS.decode(try wire(none, []).dropLast())[1] == 0x00)
    }

    @Test func limits() {
        #expect(FrameLimits.maximumDecodedBytes == 1024)
        #expect(FrameLimits.maximumPayloadBytes == 1017)
        #expect(FrameLimits.checksumBytes == 2)
        #expect(FrameLimits.minimumDecodedBytes == 7)
        #expect(FrameLimits.maximumEncodedBytes == 1030)
    }

    @Test func largestPayloadFits() throws {
        // Every decoded byte non-zero (header 01 01 01 01 01, payload of 0x01,
        // CRC 0x889C): the worst case, exactly the maximum on the wire.
        let header = FrameHeader(version: 1, flags: .retransmission, sequence: 0x0101, messageID: 1)
        let payload = [UInt8](repeating: 0x01, count: FrameLimits.maximumPayloadBytes)
        let encoded = try wire(header, payload)
        #expect(encoded.count == FrameLimits.maximumEncodedBytes)
        #expect(try COBS.decode(encoded.dropLast()).count == FrameLimits.maximumDecodedBytes)
    }

    @Test func oneByteTooManyIsRejected() {
        let payload = [UInt8](repeating: 0x01, count: FrameLimits.maximumPayloadBytes + 1)
        var output: [UInt8] = [0xAA]
        #expect(throws: FramingError.payloadTooLarge(bytes: 1018)) {
            try FrameEncoder.encode(FrameHeader(sequence: 0, messageID: 0), payload: payload, appendingTo: &output)
        }
        #expect(output == [0xAA])
    }

    @Test func appendingMatchesReturningAndKeepsEarlierBytes() throws {
        let header = FrameHeader(sequence: 77, messageID: 5)
        let payload: [UInt8] = [9, 8, 7]
        var output: [UInt8] = [0x00]
        try FrameEncoder.encode(header, payload: payload, appendingTo: &output)
        try FrameEncoder.encode(header, payload: payload, appendingTo: &output)
        let single = try FrameEncoder.encode(header, payload: payload)
        #expect(output == [0x00] + single + single)
    }

    @Test func acceptsAnyCollectionOfBytes() throws {
        let header = FrameHeader(sequence: 1, messageID: 1)
        let bytes: [UInt8] = Array(0..<200)
        let expected = try wire(header, bytes)
        #expect(try FrameEncoder.encode(header, payload: bytes.lazy.map { $0 }) == expected)
        #expect(try FrameEncoder.encode(header, payload: bytes[...]) == expected)
        #expect(try FrameEncoder.encode(header, payload: UInt8(0)..<UInt8(200)) == expected)
    }

    @Test func errorsDescribeThemselves() {
        #expect(
            FramingError.payloadTooLarge(bytes: 2000).description
                == "payload of 2000 bytes exceeds the maximum of 1017")
        #expect(
            FramingError.badChecksum(expected: 0x6F91, received: 0x00AB).description
                == "checksum mismatch: computed 0x6F91, frame carries 0x00AB")
        #expect(FramingError.tooShort(bytes: 3).description.contains("3 decoded bytes"))
        #expect(FramingError.oversize.description.contains("1024"))
        #expect(FramingError.badEncoding.description.contains("COBS"))
    }
}
