import SwivelVocabulary
import Testing

@testable import SwivelProtocol

@Suite struct CRC16MCRF4XXTests {
    let checkInput = Array("123456789".utf8)

    @Test func checkValueIs0x6F91() {
        #expect(CRC16MCRF4XX.checksum(checkInput) == 0x6F91)
        #expect(checkInput.withUnsafeBytes { CRC16MCRF4XX.checksum($0) } == 0x6F91)
        #expect(checkInput.reduce(CRC16MCRF4XX.initial) { CRC16MCRF4XX.update($0, byte: $1) } == 0x6F91)
    }

    /// X-25 is the same register with a final XOR of 0xFFFF (check value 0x906E).
    @Test func isNotX25() {
        #expect(CRC16MCRF4XX.checksum(checkInput) != 0x906E)
        #expect(CRC16MCRF4XX.checksum(checkInput) ^ 0xFFFF == 0x906E)
    }

    @Test func emptyInputIsTheInitialValue() {
        #expect(CRC16MCRF4XX.initial == 0xFFFF)
        #expect(CRC16MCRF4XX.checksum([UInt8]()) == 0xFFFF)
        #expect(CRC16MCRF4XX.checksum(UnsafeRawBufferPointer(start: nil, count: 0)) == 0xFFFF)
    }

    @Test func tableMatchesBitwiseDefinition() {
        for byte in UInt8.min...UInt8.max {
            for crc: UInt16 in [0x0000, 0xFFFF, 0x1234, 0x8408, 0xA5A5] {
                var reference = crc ^ UInt16(byte)
                for _ in 0..<8 { reference = reference & 1 == 1 ? (reference >> 1) ^ 0x8408 : reference >> 1 }
                #expect(CRC16MCRF4XX.update(crc, byte: byte) == reference)
            }
        }
        var random = SplitMix64(seed: 0xC0C0)
        for length in 0...300 {
            let bytes = random.bytes(length)
            #expect(CRC16MCRF4XX.checksum(bytes) == referenceCRC(bytes), "length \(length)")
        }
    }

    @Test func nonContiguousSequenceMatchesContiguous() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let nonContiguous = bytes.lazy.map { $0 }
        #expect(nonContiguous.withContiguousStorageIfAvailable { _ in true } == nil)
        #expect(CRC16MCRF4XX.checksum(nonContiguous) == CRC16MCRF4XX.checksum(bytes))
        #expect(CRC16MCRF4XX.checksum(bytes[10..<500]) == referenceCRC(bytes[10..<500]))
    }

    /// No final XOR: data followed by its own checksum, low byte first, leaves
    /// the register at 0, so trailing zero pairs keep it there (see CRC16MCRF4XX).
    @Test func dataFollowedByItsChecksumLeavesZero() {
        var random = SplitMix64(seed: 7)
        for length in [0, 1, 5, 64, 1017] {
            let data = random.bytes(length)
            let crc = CRC16MCRF4XX.checksum(data)
            #expect(CRC16MCRF4XX.checksum(data + [UInt8(crc & 0xFF), UInt8(crc >> 8)]) == 0)
            #expect(CRC16MCRF4XX.checksum(data + [UInt8(crc & 0xFF), UInt8(crc >> 8), 0, 0]) == 0)
        }
    }
}
