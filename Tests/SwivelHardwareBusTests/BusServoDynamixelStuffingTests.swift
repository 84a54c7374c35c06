import SwivelHardware
import SwivelTestSupport
import Testing

/// Byte stuffing must round-trip every payload. dynamixel-sdk 4.1.0's
/// `removeStuffing` (and the C++ SDK's) compacts in place while looking back at
/// bytes it has already moved, and loses a byte of 12 of the 21 844 payloads of
/// length 1–7 over {FF, FD, 00, 01} (/tmp/busservo-research/stuffing_fuzz.py).
@Suite struct BusServoDynamixelStuffingTests {
    /// Stuffing as the protocol defines it, written independently of the codec:
    /// an FD after every FF FF FD of the original bytes.
    static func referenceStuffed(_ body: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for (index, byte) in body.enumerated() {
            out.append(byte)
            if index >= 2 && body[index - 2] == 0xFF && body[index - 1] == 0xFF && byte == 0xFD { out.append(0xFD) }
        }
        return out
    }

    /// Encodes a status whose ERR and parameters are `payload` (the fuzz script's
    /// frame puts the payload straight after INST), checks the stuffed body, decodes it back.
    static func roundTrip(_ payload: [UInt8], id: UInt8 = 1, packet: inout [UInt8], parameters: inout [UInt8]) throws {
        guard let errorByte = payload.first else { return }
        let data = Array(payload.dropFirst())
        try DynamixelPacket.encodeStatus(id: id, error: DynamixelErrorField(rawValue: errorByte), parameters: data, into: &packet)
        #expect(Array(packet[7..<(packet.count - 2)]) == referenceStuffed([0x55] + payload), "payload \(payload)")
        let status = try DynamixelPacket.decodeStatus(packet, parameters: &parameters)
        #expect(status.id == id && status.error.rawValue == errorByte && status.packetRange == packet.indices, "payload \(payload)")
        #expect(parameters == data, "payload \(payload)")
    }

    /// The 12 payloads dynamixel-sdk 4.1.0's removeStuffing gets wrong, listed by
    /// running stuffing_fuzz.py's loop against the SDK: the stuffed body (from
    /// INST) the SDK's addStuffing produces, and what its removeStuffing returns.
    static let sdkLossyPayloads: [(payload: String, stuffed: String, sdkUnstuffed: String)] = [
        ("FF FF FD FF FD FD", "55 FF FF FD FD FF FD FD", "55 FF FF FD FF FD"),
        ("FF FF FF FD FF FD FD", "55 FF FF FF FD FD FF FD FD", "55 FF FF FF FD FF FD"),
        ("FF FF FD FF FD FD FF", "55 FF FF FD FD FF FD FD FF", "55 FF FF FD FF FD FF"),
        ("FF FF FD FF FD FD FD", "55 FF FF FD FD FF FD FD FD", "55 FF FF FD FF FD FD"),
        ("FF FF FD FF FD FD 00", "55 FF FF FD FD FF FD FD 00", "55 FF FF FD FF FD 00"),
        ("FF FF FD FF FD FD 01", "55 FF FF FD FD FF FD FD 01", "55 FF FF FD FF FD 01"),
        ("FF FF FD FD FF FD FD", "55 FF FF FD FD FD FF FD FD", "55 FF FF FD FD FF FD"),
        ("FF FF FD 00 FF FD FD", "55 FF FF FD FD 00 FF FD FD", "55 FF FF FD 00 FF FD"),
        ("FF FF FD 01 FF FD FD", "55 FF FF FD FD 01 FF FD FD", "55 FF FF FD 01 FF FD"),
        ("FD FF FF FD FF FD FD", "55 FD FF FF FD FD FF FD FD", "55 FD FF FF FD FF FD"),
        ("00 FF FF FD FF FD FD", "55 00 FF FF FD FD FF FD FD", "55 00 FF FF FD FF FD"),
        ("01 FF FF FD FF FD FD", "55 01 FF FF FD FD FF FD FD", "55 01 FF FF FD FF FD"),
    ]

    @Test func thePayloadsTheSDKLosesRoundTrip() throws {
        var packet: [UInt8] = []
        var parameters: [UInt8] = []
        for (payload, stuffed, sdkUnstuffed) in Self.sdkLossyPayloads {
            try Self.roundTrip(hexBytes(payload), packet: &packet, parameters: &parameters)
            #expect(Array(packet[7..<(packet.count - 2)]) == hexBytes(stuffed))
            #expect(Self.sdkRemoveStuffing(packet) == hexBytes(sdkUnstuffed))
            #expect(hexBytes(sdkUnstuffed) != [0x55] + hexBytes(payload))
        }
    }

    /// dynamixel-sdk 4.1.0 `Protocol2PacketHandler.removeStuffing`, line for line:
    /// it compacts in place, and its look-back at `i + 5`, `i + 6` reads bytes
    /// it may already have overwritten. Returns the body from INST it leaves.
    static func sdkRemoveStuffing(_ frame: [UInt8]) -> [UInt8] {
        var packet = frame
        let lengthIn = Int(packet[5]) | Int(packet[6]) << 8
        var lengthOut = lengthIn
        var index = 7
        for i in 0..<(lengthIn - 2) {
            if packet[i + 7] == 0xFD && packet[i + 8] == 0xFD && packet[i + 6] == 0xFF && packet[i + 5] == 0xFF {
                lengthOut -= 1
            } else {
                packet[index] = packet[i + 7]
                index += 1
            }
        }
        return Array(packet[7..<(7 + lengthOut - 2)])
    }

    @Test func everyShortPayloadOverTheAwkwardBytesRoundTrips() throws {
        // The same exhaustive set as stuffing_fuzz.py: lengths 1–7 over {FF, FD, 00, 01}.
        let alphabet: [UInt8] = [0xFF, 0xFD, 0x00, 0x01]
        var packet: [UInt8] = []
        var parameters: [UInt8] = []
        var payloads = 0
        var sdkLossy: [[UInt8]] = []
        for length in 1...7 {
            var digits = [Int](repeating: 0, count: length)
            repeat {
                let payload = digits.map { alphabet[$0] }
                try Self.roundTrip(payload, packet: &packet, parameters: &parameters)
                if Self.sdkRemoveStuffing(packet) != [0x55] + payload { sdkLossy.append(payload) }
                payloads += 1
                var position = 0
                while position < length {
                    digits[position] += 1
                    if digits[position] < alphabet.count { break }
                    digits[position] = 0
                    position += 1
                }
                if position == length { break }
            } while true
        }
        #expect(payloads == 21_844)
        // The vendor's unstuffer, on our stuffed frames, loses exactly the 12 listed; ours loses none.
        #expect(Set(sdkLossy) == Set(Self.sdkLossyPayloads.map { hexBytes($0.payload) }))
        #expect(sdkLossy.count == 12)
    }

    @Test func seededRandomPayloadsRoundTrip() throws {
        var random = SplitMix64(seed: 0xB5_5E_2F0)
        var packet: [UInt8] = []
        var parameters: [UInt8] = []
        for _ in 0..<3_000 {
            let length = Int.random(in: 1...300, using: &random)
            // Mostly FF and FD, so header look-alikes are common rather than rare.
            let payload = (0..<length).map { _ -> UInt8 in
                switch Int.random(in: 0..<8, using: &random) {
                case 0..<3: 0xFF
                case 3..<5: 0xFD
                case 5: 0x00
                default: UInt8.random(in: 0...255, using: &random)
                }
            }
            try Self.roundTrip(payload, id: UInt8.random(in: 0...DynamixelPacket.maximumServoID, using: &random), packet: &packet, parameters: &parameters)
        }
    }

    @Test func instructionsAreStuffedLikeStatuses() throws {
        var random = SplitMix64(seed: 77)
        var packet: [UInt8] = []
        for _ in 0..<1_000 {
            let data = (0..<Int.random(in: 1...40, using: &random)).map { _ in [UInt8(0xFF), 0xFD, 0x00][Int.random(in: 0..<3, using: &random)] }
            try DynamixelPacket.encodeWrite(id: 3, address: 0xFFFF, data: data, into: &packet)
            #expect(Array(packet[7..<(packet.count - 2)]) == Self.referenceStuffed([0x03, 0xFF, 0xFF] + data))
            #expect(Int(packet[5]) | Int(packet[6]) << 8 == packet.count - 7)
            #expect(DynamixelCRC.checksum(packet, in: 0..<(packet.count - 2)) == UInt16(packet[packet.count - 2]) | UInt16(packet[packet.count - 1]) << 8)
        }
    }
}
