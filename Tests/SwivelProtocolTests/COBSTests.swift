import SwivelVocabulary
import Testing

@testable import SwivelProtocol

@Suite struct COBSTests {
    /// Wikipedia, "Consistent Overhead Byte Stuffing", encoding examples 1–11
    /// (the trailing 00 delimiter of the table is not part of the encoding).
    static let ascending254 = (1...254).map { UInt8($0) }
    static let vectors: [(decoded: [UInt8], encoded: [UInt8])] = [
        ([0x00], [0x01, 0x01]),
        ([0x00, 0x00], [0x01, 0x01, 0x01]),
        ([0x00, 0x11, 0x00], [0x01, 0x02, 0x11, 0x01]),
        ([0x11, 0x22, 0x00, 0x33], [0x03, 0x11, 0x22, 0x02, 0x33]),
        ([0x11, 0x22, 0x33, 0x44], [0x05, 0x11, 0x22, 0x33, 0x44]),
        ([0x11, 0x00, 0x00, 0x00], [0x02, 0x11, 0x01, 0x01, 0x01]),
        // 01 02 … FE: a full run ending the input closes with nothing after FF.
        (ascending254, [0xFF] + ascending254),
        ([0x00] + ascending254, [0x01, 0xFF] + ascending254),
        (ascending254 + [0xFF], [0xFF] + ascending254 + [0x02, 0xFF]),
        ((2...255).map { UInt8($0) } + [0x00], [0xFF] + (2...255).map { UInt8($0) } + [0x01, 0x01]),
        ((3...255).map { UInt8($0) } + [0x00, 0x01], [0xFE] + (3...255).map { UInt8($0) } + [0x02, 0x01]),
    ]

    @Test(arguments: 0..<vectors.count)
    func knownVector(_ index: Int) throws {
        let (decoded, encoded) = Self.vectors[index]
        var output: [UInt8] = []
        COBS.encode(decoded, appendingTo: &output)
        #expect(output == encoded)
        #expect(try COBS.decode(encoded) == decoded)
    }

    @Test func emptyInputEncodesToOneCodeByte() throws {
        var output: [UInt8] = []
        COBS.encode([UInt8](), appendingTo: &output)
        #expect(output == [0x01])
        #expect(try COBS.decode([0x01]) == [])
    }

    /// The paper's encoder closes a final full run with an extra 0x01 block;
    /// the decoder reads that the same as the short form.
    @Test func decodesThePaperLongForm() throws {
        let long = paperFormCOBS(Self.ascending254)
        #expect(long == [0xFF] + Self.ascending254 + [0x01])
        #expect(try COBS.decode(long) == Self.ascending254)
    }

    @Test func encodeAppendsAfterExistingBytes() {
        var output: [UInt8] = [0xAB, 0xCD]
        COBS.encode([0x11, 0x22, 0x00, 0x33], appendingTo: &output)
        #expect(output == [0xAB, 0xCD, 0x03, 0x11, 0x22, 0x02, 0x33])
    }

    @Test func encodesNonContiguousInput() throws {
        let decoded: [UInt8] = [0x11, 0x22, 0x00, 0x33]
        let lazy = decoded.lazy.map { $0 }
        #expect(lazy.withContiguousStorageIfAvailable { _ in true } == nil)
        var output: [UInt8] = []
        COBS.encode(lazy, appendingTo: &output)
        #expect(output == [0x03, 0x11, 0x22, 0x02, 0x33])
        #expect(try COBS.decode(output.lazy.map { $0 }) == decoded)
    }

    @Test(arguments: [
        [UInt8](),  // no code byte at all
        [0x00],  // a zero code
        [0x03, 0x11],  // block claims two data bytes, has one
        [0x02, 0x11, 0x05, 0x22],  // second block overruns
        [0x03, 0x11, 0x00],  // zero inside a block
        [0x01, 0x00, 0x01],  // zero where a code belongs
    ])
    func rejectsInvalidEncodings(_ encoded: [UInt8]) {
        #expect(throws: FramingError.badEncoding) { try COBS.decode(encoded) }
    }

    @Test func maximumEncodedLength() {
        #expect(COBS.maximumEncodedLength(forDecodedLength: 1024) == 1029)
        #expect(COBS.maximumEncodedLength(forDecodedLength: 0) == 1)
        #expect(COBS.maximumEncodedLength(forDecodedLength: 253) == 254)
        #expect(COBS.maximumEncodedLength(forDecodedLength: 254) == 256)
        #expect(COBS.maximumEncodedLength(forDecodedLength: -5) == 1)
        // Without zeros the bound is reached: exactly by the paper's form, and
        // by the short form unless the length is a whole number of runs.
        for length in [1, 2, 253, 254, 255, 508, 509, 1017, 1024, 1025] {
            let bytes = [UInt8](repeating: 0x5A, count: length)
            var short: [UInt8] = []
            COBS.encode(bytes, appendingTo: &short)
            let bound = COBS.maximumEncodedLength(forDecodedLength: length)
            #expect(paperFormCOBS(bytes).count == bound, "length \(length)")
            #expect(short.count == (length % 254 == 0 ? bound - 1 : bound), "length \(length)")
        }
    }

    @Test func randomRoundTrips() throws {
        var random = SplitMix64(seed: 0xC0B5)
        for round in 0..<3_000 {
            let length = Int(random.next() % 2_100)
            // From all zeros through mixed to no zeros at all.
            let oneZeroIn: [UInt64] = [1, 2, 16, 256, 0]
            let bytes = random.bytes(length, oneZeroIn: oneZeroIn[round % oneZeroIn.count])
            var encoded: [UInt8] = []
            COBS.encode(bytes, appendingTo: &encoded)
            #expect(!encoded.contains(0))
            #expect(encoded.count <= COBS.maximumEncodedLength(forDecodedLength: length))
            #expect(try COBS.decode(encoded) == bytes, "round \(round), length \(length)")
            #expect(try COBS.decode(paperFormCOBS(bytes)) == bytes, "round \(round), length \(length)")
        }
    }
}
