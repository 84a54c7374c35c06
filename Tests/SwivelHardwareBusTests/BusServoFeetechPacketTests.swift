import SwivelHardware
import Testing

/// Feetech STS/SCS packets against the vectors recorded from feetech-servo-sdk
/// 1.0.0 (`scservo_sdk`, `PacketHandler(0)` = STS little endian unless noted):
/// /tmp/busservo-research/vectors.json, made by vectors.py with a PortHandler
/// that logs `writePort` and serves canned replies built by the SDK's own `txPacket`.
@Suite struct BusServoFeetechPacketTests {
    // MARK: Instructions, byte for byte

    @Test func pingEncodesAsTheSDKSendsIt() throws {
        var packet: [UInt8] = []
        // ph.ping(port, 1)
        try FeetechPacket.encodePing(id: 1, into: &packet)
        #expect(packet == hexBytes("FF FF 01 02 01 FB"))
        // (inside ph.ping) readTxRx(port, 1, 3, 2): the model-number read the SDK's ping sends next
        try FeetechPacket.encodeRead(
            id: 1, address: FeetechSTS3215Register.modelNumber.address, lengthBytes: FeetechSTS3215Register.modelNumber.sizeBytes,
            into: &packet)
        #expect(packet == hexBytes("FF FF 01 04 02 03 02 F3"))
    }

    @Test func readsEncodeAsTheSDKSendsThem() throws {
        var packet: [UInt8] = []
        // ph.read2ByteTxRx(port, 1, 56)
        try FeetechPacket.encodeRead(id: 1, address: 56, lengthBytes: 2, into: &packet)
        #expect(packet == hexBytes("FF FF 01 04 02 38 02 BE"))
        // ph.read2ByteTxRx(port, 1, 58)
        try FeetechPacket.encodeRead(id: 1, address: FeetechSTS3215Register.presentSpeed.address, lengthBytes: 2, into: &packet)
        #expect(packet == hexBytes("FF FF 01 04 02 3A 02 BC"))
    }

    @Test func writesEncodeAsTheSDKSendsThem() throws {
        var data: [UInt8] = []
        var packet: [UInt8] = []
        // ph.write2ByteTxRx(port, 1, 42, 2048)
        FeetechEndianness.littleEndian.appendWord(2048, to: &data)
        try FeetechPacket.encodeWrite(id: 1, address: FeetechSTS3215Register.goalPosition.address, data: data, into: &packet)
        #expect(packet == hexBytes("FF FF 01 05 03 2A 00 08 C4"))
        // ph.write1ByteTxRx(port, 1, 40, 1)
        try FeetechPacket.encodeWrite(id: 1, address: FeetechSTS3215Register.torqueEnable.address, data: [1], into: &packet)
        #expect(packet == hexBytes("FF FF 01 04 03 28 01 CE"))
    }

    @Test func bigEndianSCSWriteEncodesAsTheSDKSendsIt() throws {
        var data: [UInt8] = []
        var packet: [UInt8] = []
        // scs.PacketHandler(1).write2ByteTxRx(port, 1, 42, 2048): only the word's bytes swap
        FeetechEndianness.bigEndian.appendWord(2048, to: &data)
        try FeetechPacket.encodeWrite(id: 1, address: 42, data: data, into: &packet)
        #expect(packet == hexBytes("FF FF 01 05 03 2A 08 00 C4"))
    }

    @Test func syncWritesEncodeAsTheSDKSendsThem() throws {
        var data: [UInt8] = []
        var packet: [UInt8] = []
        // GroupSyncWrite(port, ph, 42, 2); addParam(1,[lo,hi]); addParam(2,[lo,hi]); txPacket()
        for position: Int32 in [1000, 3000] {
            FeetechEndianness.littleEndian.appendWord(try FeetechSignMagnitude.encode(position, signBit: .positionAndSpeed), to: &data)
        }
        try FeetechPacket.encodeSyncWrite(address: 42, dataLengthBytes: 2, ids: [1, 2], data: data, into: &packet)
        #expect(packet == hexBytes("FF FF FE 0A 83 2A 02 01 E8 03 02 B8 0B 97"))

        // GroupSyncWrite(port, ph, 41, 7); addParam(id,[acc, posL,posH, 0,0, spdL,spdH]) for 1 → 1000 and 2 → 3000
        data.removeAll(keepingCapacity: true)
        for position: UInt16 in [1000, 3000] {
            data.append(50)
            FeetechEndianness.littleEndian.appendWord(position, to: &data)
            FeetechEndianness.littleEndian.appendWord(0, to: &data)
            FeetechEndianness.littleEndian.appendWord(2400, to: &data)
        }
        try FeetechPacket.encodeSyncWrite(address: 41, dataLengthBytes: 7, ids: [1, 2], data: data, into: &packet)
        #expect(packet == hexBytes("FF FF FE 14 83 29 07 01 32 E8 03 00 00 60 09 02 32 B8 0B 00 00 60 09 53"))
    }

    @Test func syncReadEncodesAsTheSDKSendsIt() throws {
        var packet: [UInt8] = []
        // GroupSyncRead(port, ph, 56, 2); addParam(1); addParam(2); txRxPacket()
        try FeetechPacket.encodeSyncRead(address: 56, lengthBytes: 2, ids: [1, 2], into: &packet)
        #expect(packet == hexBytes("FF FF FE 06 82 38 02 01 02 3C"))
    }

    // MARK: Status replies parse to the values the SDK recorded

    /// The 2-byte value a status carries, as the SDK's `SCS_MAKEWORD` reads it.
    static func word(_ bytes: [UInt8], _ status: FeetechStatus, _ endianness: FeetechEndianness = .littleEndian) -> UInt16? {
        guard status.parameterRange.count == 2 else { return nil }
        return endianness.word(first: bytes[status.parameterRange.lowerBound], second: bytes[status.parameterRange.lowerBound + 1])
    }

    @Test func acknowledgementsAndPingRepliesDecode() throws {
        // ph.ping / write2ByteTxRx / write1ByteTxRx replies: result 0, error 0
        let reply = hexBytes("FF FF 01 02 00 FC")
        let status = try FeetechPacket.decodeStatus(reply)
        #expect(status == FeetechStatus(id: 1, errors: [], parameterRange: 5..<5, packetRange: 0..<6))
    }

    @Test func readRepliesDecodeToTheRecordedValues() throws {
        // readTxRx(port, 1, 3, 2) inside ph.ping: parsed_model_number 777 (STS3215)
        let model = hexBytes("FF FF 01 04 00 09 03 EE")
        #expect(Self.word(model, try FeetechPacket.decodeStatus(model)) == 777)
        // ph.read2ByteTxRx(port, 1, 56): parsed_value 2048
        let position = hexBytes("FF FF 01 04 00 00 08 F2")
        let positionStatus = try FeetechPacket.decodeStatus(position)
        #expect(positionStatus.id == 1 && positionStatus.errors.isEmpty)
        #expect(Self.word(position, positionStatus) == 2048)
        // ph.read2ByteTxRx(port, 1, 58); SCS_TOHOST(raw, 15): parsed_raw 0x8064, SCS_TOHOST_15 -100
        let speed = hexBytes("FF FF 01 04 00 64 80 16")
        let raw = try #require(Self.word(speed, try FeetechPacket.decodeStatus(speed)))
        #expect(raw == 0x8064)
        #expect(FeetechSignMagnitude.decode(raw, signBit: .positionAndSpeed) == -100)
    }

    @Test func bigEndianSCSReplyDecodes() throws {
        // scs.PacketHandler(1): status_reply_present_position_2048, parsed_value 2048
        let reply = hexBytes("FF FF 01 04 00 08 00 F2")
        let status = try FeetechPacket.decodeStatus(reply)
        #expect(Self.word(reply, status, .bigEndian) == 2048)
        #expect(Self.word(reply, status, .littleEndian) == 8)
    }

    @Test func syncReadRepliesDecodeOnePacketPerServoInOrder() throws {
        // GroupSyncRead(port, ph, 56, 2) replies: parsed {"1": 2048, "2": 1000}
        let stream = hexBytes("FF FF 01 04 00 00 08 F2") + hexBytes("FF FF 02 04 00 E8 03 0E")
        var offset = 0
        var positions: [UInt8: UInt16] = [:]
        while offset < stream.count {
            let status = try FeetechPacket.decodeStatus(stream, from: offset)
            positions[status.id] = Self.word(stream, status)
            offset = status.packetRange.upperBound
        }
        #expect(positions == [1: 2048, 2: 1000])
        #expect(throws: FeetechDecodeError.noHeader(resumeOffset: stream.count)) { try FeetechPacket.decodeStatus(stream, from: offset) }
    }

    @Test func errorFlagsAreNamed() throws {
        // status_with_error_overload: error 32, getRxPacketError "Overload error!", parsed_value 2048
        let reply = hexBytes("FF FF 01 04 20 00 08 D2")
        let status = try FeetechPacket.decodeStatus(reply)
        #expect(status.errors == .overload)
        #expect(Self.word(reply, status) == 2048)
        let all: FeetechErrorFlags = [.voltage, .angleSensor, .overheat, .overcurrent, .overload]
        #expect(all.rawValue == 0x2F)
    }

    @Test func theCorruptReplyTheSDKRejectsIsRejected() {
        // status_bad_checksum_rejected: result -7 (COMM_RX_CORRUPT)
        #expect(throws: FeetechDecodeError.badChecksum(packetStart: 0, computed: 0xF2, received: 0x0D)) {
            try FeetechPacket.decodeStatus(hexBytes("FF FF 01 04 00 00 08 0D"))
        }
    }

    @Test func everyRecordedReplyIsWhatTheStatusEncoderBuilds() throws {
        var packet: [UInt8] = []
        for reply in [
            "FF FF 01 02 00 FC", "FF FF 01 04 00 09 03 EE", "FF FF 01 04 00 00 08 F2", "FF FF 01 04 00 64 80 16",
            "FF FF 02 04 00 E8 03 0E", "FF FF 01 04 20 00 08 D2", "FF FF 01 04 00 08 00 F2",
        ] {
            let bytes = hexBytes(reply)
            let status = try FeetechPacket.decodeStatus(bytes)
            try FeetechPacket.encodeStatus(id: status.id, errors: status.errors, parameters: Array(bytes[status.parameterRange]), into: &packet)
            #expect(packet == bytes)
        }
    }

    // MARK: Sign-magnitude (SCS_TOSCS / SCS_TOHOST)

    @Test func signMagnitudeMatchesTheSDKExamples() throws {
        // sign_magnitude_examples_bit15
        let bit15: [(Int32, UInt16)] = [
            (0, 0x0000), (1, 0x0001), (100, 0x0064), (-1, 0x8001), (-100, 0x8064), (-2048, 0x8800), (3400, 0x0D48), (-3400, 0x8D48),
        ]
        for (value, wire) in bit15 {
            #expect(try FeetechSignMagnitude.encode(value, signBit: .positionAndSpeed) == wire)
            #expect(FeetechSignMagnitude.decode(wire, signBit: .positionAndSpeed) == value)
        }
        // sign_magnitude_examples_bit15_decode
        let decoded: [(UInt16, Int32)] = [(0x8064, -100), (0x0064, 100), (0x8000, 0), (0xFFFF, -32767)]
        for (wire, value) in decoded { #expect(FeetechSignMagnitude.decode(wire, signBit: .positionAndSpeed) == value) }
        // sign_magnitude_examples_bit11_homing_offset
        let bit11: [(Int32, UInt16)] = [(0, 0x0000), (100, 0x0064), (-100, 0x0864), (-2047, 0x0FFF)]
        for (value, wire) in bit11 {
            #expect(try FeetechSignMagnitude.encode(value, signBit: .homingOffset) == wire)
            #expect(FeetechSignMagnitude.decode(wire, signBit: .homingOffset) == value)
        }
    }

    @Test func signMagnitudeEdges() throws {
        #expect(FeetechSignMagnitude.decode(0x8000, signBit: .positionAndSpeed) == 0)
        #expect(FeetechSignMagnitude.decode(0x7FFF, signBit: .positionAndSpeed) == 32767)
        #expect(try FeetechSignMagnitude.encode(32767, signBit: .positionAndSpeed) == 0x7FFF)
        #expect(try FeetechSignMagnitude.encode(-32767, signBit: .positionAndSpeed) == 0xFFFF)
        // Load: the direction is bit 10.
        #expect(FeetechSignMagnitude.decode(0x0400, signBit: .load) == 0)
        #expect(FeetechSignMagnitude.decode(0x0401, signBit: .load) == -1)
        #expect(FeetechSignMagnitude.decode(0x03FF, signBit: .load) == 1023)
        #expect(FeetechSignMagnitude.decode(0x07E8, signBit: .load) == -1000)
        #expect(try FeetechSignMagnitude.encode(-1000, signBit: .load) == 0x07E8)
        // Magnitudes that would run into the sign bit are refused, not wrapped (the SDK would send 0x8000 for 32768, read as 0).
        let refused: [(Int32, FeetechSignBit)] = [
            (32768, .positionAndSpeed), (-32768, .positionAndSpeed), (.min, .positionAndSpeed), (.max, .positionAndSpeed), (1024, .load),
            (-2048, .homingOffset),
        ]
        for (value, signBit) in refused {
            #expect(throws: BusServoEncodeError.magnitudeTooLarge(value: value, signBit: signBit.rawValue)) {
                try FeetechSignMagnitude.encode(value, signBit: signBit)
            }
        }
    }

    // MARK: Echo, garbage, truncation, malformed headers

    @Test func theEchoOfTheInstructionIsSkipped() throws {
        var written: [UInt8] = []
        try FeetechPacket.encodeRead(id: 1, address: 56, lengthBytes: 2, into: &written)
        let reply = hexBytes("FF FF 01 04 00 00 08 F2")
        var received = written + reply
        // Why it matters: the echo is a well-formed packet and, undropped, reads as ID 1 with ERR = INST (0x02).
        let misread = try FeetechPacket.decodeStatus(received)
        #expect(misread.packetRange == 0..<8 && misread.errors == .angleSensor)

        let echo = BusServoEcho.scan(received: received, written: written)
        #expect(echo == .complete(lengthBytes: 8))
        let status = try FeetechPacket.decodeStatus(received, from: echo.bytesToSkip)
        #expect(status == FeetechStatus(id: 1, errors: [], parameterRange: 13..<15, packetRange: 8..<16))

        #expect(BusServoEcho.drop(from: &received, written: written) == .complete(lengthBytes: 8))
        #expect(received == reply)
    }

    @Test func echoScanWaitsForAPartialEchoAndIgnoresADifferentOne() {
        let written = hexBytes("FF FF FE 06 82 38 02 01 02 3C")
        #expect(BusServoEcho.scan(received: Array(written.prefix(4)), written: written) == .incomplete(receivedBytes: 4))
        #expect(BusServoEcho.scan(received: [], written: written) == .incomplete(receivedBytes: 0))
        var corrupted = written
        corrupted[6] ^= 0x01
        #expect(BusServoEcho.scan(received: corrupted, written: written) == .none)
        // Without the echo (an adapter with direction control) the reply comes first.
        #expect(BusServoEcho.scan(received: hexBytes("FF FF 01 04 00 00 08 F2"), written: written) == .none)
        #expect(BusServoEcho.scan(received: written, written: []) == .none)
        // A start past the end is clipped, never trapped on.
        #expect(BusServoEcho.scan(received: written, from: 99, written: written) == .incomplete(receivedBytes: 0))
        var received = Array(written.prefix(3))
        #expect(BusServoEcho.drop(from: &received, written: written) == .incomplete(receivedBytes: 3))
        #expect(received.count == 3)
    }

    @Test func garbageBeforeTheHeaderIsSkipped() throws {
        let reply = hexBytes("FF FF 01 04 00 00 08 F2")
        let garbage = hexBytes("00 13 FE 7F FF 42 FD")
        let status = try FeetechPacket.decodeStatus(garbage + reply)
        #expect(status.packetRange == garbage.count..<(garbage.count + reply.count))
        // A run of FF before the header, and the FF FF FE of a broadcast instruction, are not servo IDs.
        for prefix in ["FF", "FF FF", "FF FF FF FF", "FF FF FE", "00 FF FF FF"] {
            let bytes = hexBytes(prefix) + reply
            #expect(try FeetechPacket.decodeStatus(bytes).packetRange.upperBound == bytes.count)
        }
        #expect(throws: FeetechDecodeError.noHeader(resumeOffset: 7)) { try FeetechPacket.decodeStatus(garbage) }
        // A trailing FF may be the start of the next header, so it is kept.
        #expect(throws: FeetechDecodeError.noHeader(resumeOffset: 7)) { try FeetechPacket.decodeStatus(garbage + [0xFF]) }
    }

    @Test func truncatedRepliesAskForTheRest() {
        let reply = hexBytes("FF FF 01 04 00 00 08 F2")
        #expect(throws: FeetechDecodeError.noHeader(resumeOffset: 0)) { try FeetechPacket.decodeStatus([]) }
        #expect(throws: FeetechDecodeError.noHeader(resumeOffset: 0)) { try FeetechPacket.decodeStatus([0xFF]) }
        for length in 2..<5 {
            #expect(throws: FeetechDecodeError.truncated(packetStart: 0, neededBytes: 6)) { try FeetechPacket.decodeStatus(Array(reply.prefix(length))) }
        }
        for length in 5..<reply.count {
            #expect(throws: FeetechDecodeError.truncated(packetStart: 0, neededBytes: 8)) { try FeetechPacket.decodeStatus(Array(reply.prefix(length))) }
        }
        #expect(throws: FeetechDecodeError.truncated(packetStart: 3, neededBytes: 8)) {
            try FeetechPacket.decodeStatus(hexBytes("00 00 00") + Array(reply.prefix(6)))
        }
    }

    @Test func malformedHeadersAreReportedAndResyncPastThem() throws {
        #expect(throws: FeetechDecodeError.lengthOutOfRange(packetStart: 0, length: 1)) { try FeetechPacket.decodeStatus(hexBytes("FF FF 01 01 00 FD")) }
        #expect(throws: FeetechDecodeError.lengthOutOfRange(packetStart: 0, length: 251)) { try FeetechPacket.decodeStatus(hexBytes("FF FF 01 FB 00 00")) }
        #expect(throws: FeetechDecodeError.errorByteOutOfRange(packetStart: 0, errorByte: 0x80)) {
            try FeetechPacket.decodeStatus(hexBytes("FF FF 01 02 80 7C"))
        }
        // Decoding again from resumeOffset resynchronises onto the real packet behind.
        let reply = hexBytes("FF FF 01 04 00 00 08 F2")
        let bytes = hexBytes("FF FF 05 00 FF FF 01 04 00 00 08 0D") + reply
        var offset = 0
        var errors: [FeetechDecodeError] = []
        while true {
            do {
                let status = try FeetechPacket.decodeStatus(bytes, from: offset)
                #expect(status.packetRange == (bytes.count - reply.count)..<bytes.count)
                break
            } catch {
                errors.append(error)
                #expect(error.resumeOffset > offset)
                offset = error.resumeOffset
            }
        }
        #expect(errors == [.lengthOutOfRange(packetStart: 0, length: 0), .badChecksum(packetStart: 4, computed: 0xF2, received: 0x0D)])
    }

    // MARK: Instructions that cannot be sent

    @Test func instructionsThatCannotBeSentAreRefused() throws {
        var packet: [UInt8] = [0xAA]
        #expect(throws: BusServoEncodeError.idOutOfRange(id: 0xFE)) { try FeetechPacket.encodePing(id: 0xFE, into: &packet) }
        #expect(packet.isEmpty)
        #expect(throws: BusServoEncodeError.idOutOfRange(id: 0xFE)) { try FeetechPacket.encodeRead(id: 0xFE, address: 56, lengthBytes: 2, into: &packet) }
        #expect(throws: BusServoEncodeError.idOutOfRange(id: 0xFF)) { try FeetechPacket.encodeWrite(id: 0xFF, address: 40, data: [1], into: &packet) }
        #expect(throws: BusServoEncodeError.lengthOutOfRange(bytes: 0, maximum: 248)) { try FeetechPacket.encodeRead(id: 1, address: 56, lengthBytes: 0, into: &packet) }
        #expect(throws: BusServoEncodeError.lengthOutOfRange(bytes: 249, maximum: 248)) { try FeetechPacket.encodeRead(id: 1, address: 0, lengthBytes: 249, into: &packet) }
        #expect(throws: BusServoEncodeError.lengthOutOfRange(bytes: 0, maximum: 243)) { try FeetechPacket.encodeWrite(id: 1, address: 40, data: [], into: &packet) }
        #expect(throws: BusServoEncodeError.lengthOutOfRange(bytes: 244, maximum: 243)) {
            try FeetechPacket.encodeWrite(id: 1, address: 40, data: [UInt8](repeating: 0, count: 244), into: &packet)
        }
        #expect(throws: BusServoEncodeError.noServos) { try FeetechPacket.encodeSyncRead(address: 56, lengthBytes: 2, ids: [], into: &packet) }
        #expect(throws: BusServoEncodeError.duplicateID(id: 2)) { try FeetechPacket.encodeSyncRead(address: 56, lengthBytes: 2, ids: [2, 1, 2], into: &packet) }
        #expect(throws: BusServoEncodeError.idOutOfRange(id: 0xFE)) { try FeetechPacket.encodeSyncRead(address: 56, lengthBytes: 2, ids: [1, 0xFE], into: &packet) }
        #expect(throws: BusServoEncodeError.dataCountMismatch(expectedBytes: 4, actualBytes: 3)) {
            try FeetechPacket.encodeSyncWrite(address: 42, dataLengthBytes: 2, ids: [1, 2], data: [0, 8, 0], into: &packet)
        }
        #expect(throws: BusServoEncodeError.lengthOutOfRange(bytes: 0, maximum: 241)) {
            try FeetechPacket.encodeSyncWrite(address: 42, dataLengthBytes: 0, ids: [1], data: [], into: &packet)
        }
        let ids = (0...0xFD).map { UInt8($0) }
        #expect(throws: BusServoEncodeError.frameTooLong(bytes: 8 + 254 * 3, maximum: 250)) {
            try FeetechPacket.encodeSyncWrite(address: 42, dataLengthBytes: 2, ids: ids, data: [UInt8](repeating: 0, count: 254 * 2), into: &packet)
        }
        #expect(throws: BusServoEncodeError.frameTooLong(bytes: 8 + 254, maximum: 250)) {
            try FeetechPacket.encodeSyncRead(address: 56, lengthBytes: 8, ids: ids, into: &packet)
        }
        #expect(throws: BusServoEncodeError.errorByteOutOfRange(errorByte: 0x80)) {
            try FeetechPacket.encodeStatus(id: 1, errors: FeetechErrorFlags(rawValue: 0x80), parameters: [], into: &packet)
        }
        #expect(packet.isEmpty)
        // Broadcast writes are allowed: nobody replies.
        try FeetechPacket.encodeWrite(id: FeetechPacket.broadcastID, address: 40, data: [0], into: &packet)
        #expect(packet == [0xFF, 0xFF, 0xFE, 0x04, 0x03, 0x28, 0x00, FeetechPacket.checksum([0xFE, 0x04, 0x03, 0x28, 0x00], in: 0..<5)])
    }

    @Test func aReservedBufferIsReusedWithoutReallocation() throws {
        var packet: [UInt8] = []
        packet.reserveCapacity(FeetechPacket.maximumInstructionFrameBytes)
        let storage = storageAddress(packet)
        let data: [UInt8] = [0xE8, 0x03, 0xB8, 0x0B]
        for _ in 0..<100 {
            try FeetechPacket.encodeSyncWrite(address: 42, dataLengthBytes: 2, ids: [1, 2], data: data, into: &packet)
            try FeetechPacket.encodeSyncRead(address: 56, lengthBytes: 8, ids: [1, 2], into: &packet)
            try FeetechPacket.encodeRead(id: 1, address: 56, lengthBytes: 8, into: &packet)
            _ = try? FeetechPacket.encodePing(id: 0xFE, into: &packet)
        }
        #expect(storageAddress(packet) == storage)
    }

    @Test func checksumIsTheInvertedSumWithoutTheHeader() {
        let frame = hexBytes("FF FF 01 05 03 2A 00 08 C4")
        #expect(FeetechPacket.checksum(frame, in: 2..<8) == 0xC4)
        // A range past the buffer is clipped, never trapped on.
        #expect(FeetechPacket.checksum(frame, in: 2..<100) == FeetechPacket.checksum(frame, in: 2..<9))
    }
}
