import SwivelHardware
import SwivelTestSupport
import Testing

/// Random and mangled bytes into both status decoders: every outcome is a valid
/// packet inside the buffer or a typed error that lets the caller make
/// progress. A trap anywhere fails the whole test run.
@Suite struct BusServoDecoderFuzzTests {
    static func randomBytes(_ random: inout SplitMix64) -> [UInt8] {
        let count = Int.random(in: 0...160, using: &random)
        // Header bytes are frequent so that decoding gets past the header search.
        return (0..<count).map { _ in
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3: 0xFF
            case 3: 0xFD
            case 4: 0x00
            case 5: 0x55
            case 6: UInt8.random(in: 0...8, using: &random)
            default: UInt8.random(in: 0...255, using: &random)
            }
        }
    }

    /// Mangles a valid packet: bit flips, a cut, bytes inserted or dropped.
    static func mangled(_ packet: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = packet
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            guard !bytes.isEmpty else { break }
            let index = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes[index] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
            case 1: bytes.removeLast(bytes.count - index)
            case 2: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
            default: bytes.remove(at: index)
            }
        }
        return bytes
    }

    static let feetechPackets = [
        "FF FF 01 04 00 00 08 F2", "FF FF 01 02 00 FC", "FF FF 01 0A 00 00 08 64 80 F4 05 79 23 73", "FF FF 01 04 20 00 08 D2",
    ].map { hexBytes($0) }

    static let dynamixelPackets = [
        "FF FF FD 00 01 08 00 55 00 00 08 00 00 1C 38", "FF FF FD 00 01 09 00 55 00 FF FF FD FD 00 D8 9C", "FF FF FD 00 01 04 00 55 00 A1 0C",
        "FF FF FD 00 01 19 00 55 00 06 FF 9C FF FF FF 00 08 00 00 00 00 00 00 00 00 00 00 78 00 28 71 27",
    ].map { hexBytes($0) }

    /// Decodes `bytes` to the end as a reader would, resuming after every error;
    /// returns how many packets were accepted.
    @discardableResult
    static func drainFeetech(_ bytes: [UInt8], from start: Int) -> Int {
        var offset = start
        var accepted = 0
        let clipped = min(max(start, 0), bytes.count)
        for _ in 0...(bytes.count + 1) {
            do {
                let status = try FeetechPacket.decodeStatus(bytes, from: offset)
                #expect(status.packetRange.lowerBound >= clipped && status.packetRange.upperBound <= bytes.count)
                #expect(status.parameterRange.lowerBound == status.packetRange.lowerBound + 5)
                #expect(status.parameterRange.upperBound == status.packetRange.upperBound - 1)
                #expect(bytes[status.packetRange.lowerBound] == 0xFF && bytes[status.packetRange.lowerBound + 1] == 0xFF)
                #expect(status.id <= FeetechPacket.maximumServoID && status.errors.rawValue & 0x80 == 0)
                #expect(FeetechPacket.checksum(bytes, in: (status.packetRange.lowerBound + 2)..<(status.packetRange.upperBound - 1))
                    == bytes[status.packetRange.upperBound - 1])
                accepted += 1
                offset = status.packetRange.upperBound
            } catch {
                #expect(error.resumeOffset >= min(max(offset, 0), bytes.count) && error.resumeOffset <= bytes.count)
                switch error {
                case .noHeader, .truncated: return accepted
                default:
                    #expect(error.resumeOffset > offset)
                    offset = error.resumeOffset
                }
            }
        }
        Issue.record("the Feetech decoder did not reach the end of \(bytes.count) bytes")
        return accepted
    }

    @discardableResult
    static func drainDynamixel(_ bytes: [UInt8], from start: Int, parameters: inout [UInt8]) -> Int {
        var offset = start
        var accepted = 0
        let clipped = min(max(start, 0), bytes.count)
        for _ in 0...(bytes.count + 1) {
            do {
                let status = try DynamixelPacket.decodeStatus(bytes, from: offset, parameters: &parameters)
                let frame = status.packetRange
                #expect(frame.lowerBound >= clipped && frame.upperBound <= bytes.count)
                #expect(Array(bytes[frame.lowerBound..<(frame.lowerBound + 4)]) == [0xFF, 0xFF, 0xFD, 0x00])
                #expect(bytes[frame.lowerBound + 7] == 0x55 && status.id <= DynamixelPacket.maximumServoID)
                #expect(DynamixelCRC.checksum(bytes, in: frame.lowerBound..<(frame.upperBound - 2))
                    == UInt16(bytes[frame.upperBound - 2]) | UInt16(bytes[frame.upperBound - 1]) << 8)
                #expect(status.parameterCount == parameters.count && status.parameterCount <= frame.count - 11)
                accepted += 1
                offset = frame.upperBound
            } catch {
                #expect(error.resumeOffset >= min(max(offset, 0), bytes.count) && error.resumeOffset <= bytes.count)
                switch error {
                case .noHeader, .truncated: return accepted
                default:
                    #expect(error.resumeOffset > offset)
                    offset = error.resumeOffset
                }
            }
        }
        Issue.record("the Dynamixel decoder did not reach the end of \(bytes.count) bytes")
        return accepted
    }

    @Test func randomBytesGiveTypedErrorsOrValidPackets() {
        var random = SplitMix64(seed: 0xF022)
        var parameters: [UInt8] = []
        for _ in 0..<4_000 {
            let bytes = Self.randomBytes(&random)
            let start = Int.random(in: -3...(bytes.count + 3), using: &random)
            Self.drainFeetech(bytes, from: start)
            Self.drainDynamixel(bytes, from: start, parameters: &parameters)
        }
    }

    @Test func mangledPacketsGiveTypedErrorsOrValidPackets() {
        var random = SplitMix64(seed: 0x3A11)
        var parameters: [UInt8] = []
        for _ in 0..<3_000 {
            let feetech = Self.feetechPackets[Int.random(in: 0..<Self.feetechPackets.count, using: &random)]
            let dynamixel = Self.dynamixelPackets[Int.random(in: 0..<Self.dynamixelPackets.count, using: &random)]
            let prefix = Self.randomBytes(&random).prefix(12)
            Self.drainFeetech(Array(prefix) + Self.mangled(feetech, &random), from: 0)
            Self.drainDynamixel(Array(prefix) + Self.mangled(dynamixel, &random), from: 0, parameters: &parameters)
        }
    }

    @Test func intactPacketsBehindGarbageAreAllFound() {
        var random = SplitMix64(seed: 0x600D)
        var parameters: [UInt8] = []
        for _ in 0..<1_000 {
            // Garbage that cannot end in a partial header, so every packet behind it must be found.
            let garbage = Self.randomBytes(&random).filter { $0 != 0xFF }
            let feetech = Self.feetechPackets.shuffled(using: &random).flatMap { $0 }
            let dynamixel = Self.dynamixelPackets.shuffled(using: &random).flatMap { $0 }
            #expect(Self.drainFeetech(garbage + feetech, from: 0) == Self.feetechPackets.count)
            #expect(Self.drainDynamixel(garbage + dynamixel, from: 0, parameters: &parameters) == Self.dynamixelPackets.count)
        }
    }
}
