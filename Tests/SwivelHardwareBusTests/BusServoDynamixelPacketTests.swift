import SwivelHardware
import Testing

/// Dynamixel Protocol 2.0 packets against the vectors recorded from
/// dynamixel-sdk 4.1.0 (`dynamixel_sdk`, `Protocol2PacketHandler`):
/// /tmp/busservo-research/vectors.json, made by vectors.py with a PortHandler
/// that logs `writePort` and serves canned replies built by the SDK's own `txPacket`.
@Suite struct BusServoDynamixelPacketTests {
    static func le32(_ value: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        DynamixelPacket.appendLittleEndian(value, byteCount: 4, to: &bytes)
        return bytes
    }

    // MARK: CRC

    /// dynamixel_sdk 4.1.0 `Protocol2PacketHandler.updateCRC`'s `crc_table`, copied out of the SDK.
    static let sdkCRCTable: [UInt16] = [
        0x0000, 0x8005, 0x800F, 0x000A, 0x801B, 0x001E, 0x0014, 0x8011, 0x8033, 0x0036, 0x003C, 0x8039, 0x0028, 0x802D, 0x8027, 0x0022,
        0x8063, 0x0066, 0x006C, 0x8069, 0x0078, 0x807D, 0x8077, 0x0072, 0x0050, 0x8055, 0x805F, 0x005A, 0x804B, 0x004E, 0x0044, 0x8041,
        0x80C3, 0x00C6, 0x00CC, 0x80C9, 0x00D8, 0x80DD, 0x80D7, 0x00D2, 0x00F0, 0x80F5, 0x80FF, 0x00FA, 0x80EB, 0x00EE, 0x00E4, 0x80E1,
        0x00A0, 0x80A5, 0x80AF, 0x00AA, 0x80BB, 0x00BE, 0x00B4, 0x80B1, 0x8093, 0x0096, 0x009C, 0x8099, 0x0088, 0x808D, 0x8087, 0x0082,
        0x8183, 0x0186, 0x018C, 0x8189, 0x0198, 0x819D, 0x8197, 0x0192, 0x01B0, 0x81B5, 0x81BF, 0x01BA, 0x81AB, 0x01AE, 0x01A4, 0x81A1,
        0x01E0, 0x81E5, 0x81EF, 0x01EA, 0x81FB, 0x01FE, 0x01F4, 0x81F1, 0x81D3, 0x01D6, 0x01DC, 0x81D9, 0x01C8, 0x81CD, 0x81C7, 0x01C2,
        0x0140, 0x8145, 0x814F, 0x014A, 0x815B, 0x015E, 0x0154, 0x8151, 0x8173, 0x0176, 0x017C, 0x8179, 0x0168, 0x816D, 0x8167, 0x0162,
        0x8123, 0x0126, 0x012C, 0x8129, 0x0138, 0x813D, 0x8137, 0x0132, 0x0110, 0x8115, 0x811F, 0x011A, 0x810B, 0x010E, 0x0104, 0x8101,
        0x8303, 0x0306, 0x030C, 0x8309, 0x0318, 0x831D, 0x8317, 0x0312, 0x0330, 0x8335, 0x833F, 0x033A, 0x832B, 0x032E, 0x0324, 0x8321,
        0x0360, 0x8365, 0x836F, 0x036A, 0x837B, 0x037E, 0x0374, 0x8371, 0x8353, 0x0356, 0x035C, 0x8359, 0x0348, 0x834D, 0x8347, 0x0342,
        0x03C0, 0x83C5, 0x83CF, 0x03CA, 0x83DB, 0x03DE, 0x03D4, 0x83D1, 0x83F3, 0x03F6, 0x03FC, 0x83F9, 0x03E8, 0x83ED, 0x83E7, 0x03E2,
        0x83A3, 0x03A6, 0x03AC, 0x83A9, 0x03B8, 0x83BD, 0x83B7, 0x03B2, 0x0390, 0x8395, 0x839F, 0x039A, 0x838B, 0x038E, 0x0384, 0x8381,
        0x0280, 0x8285, 0x828F, 0x028A, 0x829B, 0x029E, 0x0294, 0x8291, 0x82B3, 0x02B6, 0x02BC, 0x82B9, 0x02A8, 0x82AD, 0x82A7, 0x02A2,
        0x82E3, 0x02E6, 0x02EC, 0x82E9, 0x02F8, 0x82FD, 0x82F7, 0x02F2, 0x02D0, 0x82D5, 0x82DF, 0x02DA, 0x82CB, 0x02CE, 0x02C4, 0x82C1,
        0x8243, 0x0246, 0x024C, 0x8249, 0x0258, 0x825D, 0x8257, 0x0252, 0x0270, 0x8275, 0x827F, 0x027A, 0x826B, 0x026E, 0x0264, 0x8261,
        0x0220, 0x8225, 0x822F, 0x022A, 0x823B, 0x023E, 0x0234, 0x8231, 0x8213, 0x0216, 0x021C, 0x8219, 0x0208, 0x820D, 0x8207, 0x0202,
    ]

    @Test func crcTableIsTheSDKs() {
        #expect(DynamixelCRC.table == Self.sdkCRCTable)
    }

    @Test func crcMatchesTheSDKReferences() {
        // crc_reference: updateCRC(0, b'123456789') = 0xFEE8 (CRC-16/BUYPASS check value)
        #expect(DynamixelCRC.checksum(Array("123456789".utf8)) == 0xFEE8)
        // crc_reference: updateCRC(0, FF FF FD 00 01 03 00 01) = 0x4E19
        #expect(DynamixelCRC.checksum(hexBytes("FF FF FD 00 01 03 00 01")) == 0x4E19)
        var crc: UInt16 = 0
        for byte in "123456789".utf8 { crc = DynamixelCRC.update(crc, byte: byte) }
        #expect(crc == 0xFEE8)
    }

    // MARK: Instructions, byte for byte

    @Test func pingEncodesAsTheSDKSendsIt() throws {
        var packet: [UInt8] = []
        // ph.ping(port, 1); also the ROBOTIS e-manual's Protocol 2.0 ping example
        try DynamixelPacket.encodePing(id: 1, into: &packet)
        #expect(packet == hexBytes("FF FF FD 00 01 03 00 01 19 4E"))
    }

    @Test func readsEncodeAsTheSDKSendsThem() throws {
        var packet: [UInt8] = []
        // ph.read4ByteTxRx(port, 1, 132)
        try DynamixelPacket.encodeRead(
            id: 1, address: DynamixelXRegister.presentPosition.address, lengthBytes: DynamixelXRegister.presentPosition.sizeBytes, into: &packet)
        #expect(packet == hexBytes("FF FF FD 00 01 07 00 02 84 00 04 00 1D 15"))
        // ph.read4ByteTxRx(port, 1, 128)
        try DynamixelPacket.encodeRead(id: 1, address: DynamixelXRegister.presentVelocity.address, lengthBytes: 4, into: &packet)
        #expect(packet == hexBytes("FF FF FD 00 01 07 00 02 80 00 04 00 1E C5"))
    }

    @Test func writesEncodeAsTheSDKSendsThem() throws {
        var packet: [UInt8] = []
        // ph.write4ByteTxRx(port, 1, 116, 2048)
        try DynamixelPacket.encodeWrite(id: 1, address: DynamixelXRegister.goalPosition.address, data: Self.le32(2048), into: &packet)
        #expect(packet == hexBytes("FF FF FD 00 01 09 00 03 74 00 00 08 00 00 42 89"))
        // ph.write1ByteTxRx(port, 1, 64, 1)
        try DynamixelPacket.encodeWrite(id: 1, address: DynamixelXRegister.torqueEnable.address, data: [1], into: &packet)
        #expect(packet == hexBytes("FF FF FD 00 01 06 00 03 40 00 01 DB 66"))
    }

    @Test func syncWriteAndSyncReadEncodeAsTheSDKSendsThem() throws {
        var packet: [UInt8] = []
        // GroupSyncWrite(port, ph, 116, 4); addParam(1, le32(1000)); addParam(2, le32(3000)); txPacket()
        try DynamixelPacket.encodeSyncWrite(
            address: 116, dataLengthBytes: 4, ids: [1, 2], data: Self.le32(1000) + Self.le32(3000), into: &packet)
        #expect(packet == hexBytes("FF FF FD 00 FE 11 00 83 74 00 04 00 01 E8 03 00 00 02 B8 0B 00 00 57 4B"))
        // GroupSyncRead(port, ph, 132, 4); addParam(1); addParam(2); txRxPacket()
        try DynamixelPacket.encodeSyncRead(address: 132, lengthBytes: 4, ids: [1, 2], into: &packet)
        #expect(packet == hexBytes("FF FF FD 00 FE 09 00 82 84 00 04 00 01 02 CE FA"))
    }

    @Test func dataThatLooksLikeAHeaderIsStuffed() throws {
        var packet: [UInt8] = []
        // ph.write4ByteTxRx(port, 1, 116, 0x00FDFFFF), vector byte_stuffing_write_0x00FDFFFF_id1.
        try DynamixelPacket.encodeWrite(id: 1, address: 116, data: Self.le32(0x00FD_FFFF), into: &packet)
        // tx_spec_correct_stuffed: the SDK's own addStuffing result with its CRC (what the C++ SDK sends).
        #expect(packet == hexBytes("FF FF FD 00 01 0A 00 03 74 00 FF FF FD FD 00 21 E7"))
        // tx_as_sent_by_python_sdk_4_1_0: txPacket() drops addStuffing's copy and sends this,
        // unstuffed, with LEN 9 and a CRC over the unstuffed bytes. It must not be what goes out.
        let pythonSDKUnstuffed = hexBytes("FF FF FD 00 01 09 00 03 74 00 FF FF FD 00 C9 07")
        #expect(packet != pythonSDKUnstuffed)
        #expect(packet.count == pythonSDKUnstuffed.count + 1)
    }

    // MARK: Status replies parse to the values the SDK recorded

    static func decode(_ bytes: [UInt8], from start: Int = 0) throws(DynamixelDecodeError) -> (DynamixelStatus, [UInt8]) {
        var parameters: [UInt8] = []
        let status = try DynamixelPacket.decodeStatus(bytes, from: start, parameters: &parameters)
        return (status, parameters)
    }

    static func uint32(_ parameters: [UInt8]) -> UInt32 {
        parameters.prefix(4).enumerated().reduce(0) { $0 | UInt32($1.element) << UInt32($1.offset * 8) }
    }

    @Test func pingRepliesCarryTheModelNumber() throws {
        // ph.ping(port, 1): parsed_model_number 1060 (XL430-W250)
        let (status, parameters) = try Self.decode(hexBytes("FF FF FD 00 01 07 00 55 00 24 04 2E FE DF"))
        #expect(status == DynamixelStatus(id: 1, error: .none, parameterCount: 3, packetRange: 0..<14))
        #expect(parameters == [0x24, 0x04, 0x2E])
        #expect(UInt16(parameters[0]) | UInt16(parameters[1]) << 8 == 1060)
        // crc_reference: the e-manual's ping status, model 1030, firmware 38
        let (_, manual) = try Self.decode(hexBytes("FF FF FD 00 01 07 00 55 00 06 04 26 65 5D"))
        #expect(manual == [0x06, 0x04, 38])
    }

    @Test func acknowledgementsDecode() throws {
        // write4ByteTxRx / write1ByteTxRx replies: result 0, error 0
        let (status, parameters) = try Self.decode(hexBytes("FF FF FD 00 01 04 00 55 00 A1 0C"))
        #expect(status == DynamixelStatus(id: 1, error: .none, parameterCount: 0, packetRange: 0..<11))
        #expect(parameters.isEmpty)
    }

    @Test func readRepliesDecodeToTheRecordedValues() throws {
        // ph.read4ByteTxRx(port, 1, 132): parsed_value 2048
        let (_, position) = try Self.decode(hexBytes("FF FF FD 00 01 08 00 55 00 00 08 00 00 1C 38"))
        #expect(Self.uint32(position) == 2048)
        // ph.read4ByteTxRx(port, 1, 128): parsed_raw_unsigned 4294967196, as_int32 -100
        let (_, velocity) = try Self.decode(hexBytes("FF FF FD 00 01 08 00 55 00 9C FF FF FF 87 04"))
        #expect(Self.uint32(velocity) == 4_294_967_196)
        #expect(Int32(bitPattern: Self.uint32(velocity)) == -100)
    }

    @Test func stuffedRepliesAreUnstuffed() throws {
        // byte_stuffing_status_present_position_0x00FDFFFF: parsed_value 0x00FDFFFF (16646143)
        let reply = hexBytes("FF FF FD 00 01 09 00 55 00 FF FF FD FD 00 D8 9C")
        let (status, parameters) = try Self.decode(reply)
        #expect(status == DynamixelStatus(id: 1, error: .none, parameterCount: 4, packetRange: 0..<16))
        #expect(parameters == [0xFF, 0xFF, 0xFD, 0x00])
        #expect(Self.uint32(parameters) == 16_646_143)
        var packet: [UInt8] = []
        try DynamixelPacket.encodeStatus(id: 1, error: .none, parameters: parameters, into: &packet)
        #expect(packet == reply)
    }

    @Test func syncReadRepliesDecodeOnePacketPerServoInOrder() throws {
        // GroupSyncRead(port, ph, 132, 4) replies: parsed {"1": 2048, "2": 1000}
        let stream = hexBytes("FF FF FD 00 01 08 00 55 00 00 08 00 00 1C 38") + hexBytes("FF FF FD 00 02 08 00 55 00 E8 03 00 00 0E 12")
        var parameters: [UInt8] = []
        var offset = 0
        var positions: [UInt8: UInt32] = [:]
        while offset < stream.count {
            let status = try DynamixelPacket.decodeStatus(stream, from: offset, parameters: &parameters)
            positions[status.id] = Self.uint32(parameters)
            offset = status.packetRange.upperBound
        }
        #expect(positions == [1: 2048, 2: 1000])
    }

    @Test func theAlertBitIsNotAnInstructionError() throws {
        // status_with_alert_bit: error 128 ("Hardware error occurred"), parsed_value 2048 still valid
        let (status, parameters) = try Self.decode(hexBytes("FF FF FD 00 01 08 00 55 80 00 08 00 00 1F 84"))
        #expect(status.error.hardwareAlert)
        #expect(status.error.errorNumber == 0 && status.error.instructionError == nil)
        #expect(Self.uint32(parameters) == 2048)
        let numbered = DynamixelErrorField(rawValue: 0x84)
        #expect(numbered.hardwareAlert && numbered.instructionError == .dataRangeError)
        #expect(DynamixelErrorField(rawValue: 0x07).instructionError == .accessError)
        #expect(DynamixelErrorField(rawValue: 0x08).instructionError == nil)
    }

    @Test func theCorruptReplyTheSDKRejectsIsRejected() {
        // status_bad_crc_rejected: result -3002 (COMM_RX_CORRUPT)
        #expect(throws: DynamixelDecodeError.badCRC(packetStart: 0, computed: 0x381C, received: 0xC71C)) {
            try Self.decode(hexBytes("FF FF FD 00 01 08 00 55 00 00 08 00 00 1C C7"))
        }
    }

    @Test func everyRecordedReplyIsWhatTheStatusEncoderBuilds() throws {
        var packet: [UInt8] = []
        for reply in [
            "FF FF FD 00 01 07 00 55 00 24 04 2E FE DF", "FF FF FD 00 01 04 00 55 00 A1 0C", "FF FF FD 00 01 08 00 55 00 00 08 00 00 1C 38",
            "FF FF FD 00 01 08 00 55 00 9C FF FF FF 87 04", "FF FF FD 00 02 08 00 55 00 E8 03 00 00 0E 12",
            "FF FF FD 00 01 08 00 55 80 00 08 00 00 1F 84", "FF FF FD 00 01 07 00 55 00 06 04 26 65 5D",
        ] {
            let bytes = hexBytes(reply)
            let (status, parameters) = try Self.decode(bytes)
            try DynamixelPacket.encodeStatus(id: status.id, error: status.error, parameters: parameters, into: &packet)
            #expect(packet == bytes)
        }
    }

    // MARK: Echo, garbage, truncation, malformed headers

    @Test func theEchoOfTheInstructionIsSkipped() throws {
        var written: [UInt8] = []
        try DynamixelPacket.encodeSyncRead(address: 132, lengthBytes: 4, ids: [1, 2], into: &written)
        let replies = hexBytes("FF FF FD 00 01 08 00 55 00 00 08 00 00 1C 38") + hexBytes("FF FF FD 00 02 08 00 55 00 E8 03 00 00 0E 12")
        var received = written + replies
        // Undropped, the echo is an instruction where a status should be.
        #expect(throws: DynamixelDecodeError.notAStatusPacket(packetStart: 0, instruction: 0x82)) { try Self.decode(received) }
        let echo = BusServoEcho.scan(received: received, written: written)
        #expect(echo == .complete(lengthBytes: 16))
        let (first, _) = try Self.decode(received, from: echo.bytesToSkip)
        #expect(first.id == 1 && first.packetRange == 16..<31)
        #expect(BusServoEcho.drop(from: &received, written: written) == .complete(lengthBytes: 16))
        #expect(received == replies)
    }

    @Test func garbageBeforeTheHeaderIsSkipped() throws {
        let reply = hexBytes("FF FF FD 00 01 04 00 55 00 A1 0C")
        // Stuffed data (FF FF FD FD) and a non-zero reserved byte are not headers.
        let garbage = hexBytes("00 55 FF FF FD FD 12 FF FF FD 01 FF FF FF")
        let (status, _) = try Self.decode(garbage + reply)
        #expect(status.packetRange == garbage.count..<(garbage.count + reply.count))
        #expect(throws: DynamixelDecodeError.noHeader(resumeOffset: 12)) { try Self.decode(garbage) }
        // Up to three trailing bytes that may begin the next header are kept.
        #expect(throws: DynamixelDecodeError.noHeader(resumeOffset: 2)) { try Self.decode(hexBytes("00 01 FF FF FD")) }
        #expect(throws: DynamixelDecodeError.noHeader(resumeOffset: 6)) { try Self.decode(hexBytes("00 01 FF FF FD FD")) }
        #expect(throws: DynamixelDecodeError.noHeader(resumeOffset: 0)) { try Self.decode([]) }
    }

    @Test func truncatedRepliesAskForTheRest() {
        let reply = hexBytes("FF FF FD 00 01 08 00 55 00 00 08 00 00 1C 38")
        for length in 4..<8 {
            #expect(throws: DynamixelDecodeError.truncated(packetStart: 0, neededBytes: 11)) { try Self.decode(Array(reply.prefix(length))) }
        }
        for length in 8..<reply.count {
            #expect(throws: DynamixelDecodeError.truncated(packetStart: 0, neededBytes: 15)) { try Self.decode(Array(reply.prefix(length))) }
        }
    }

    /// A frame with a correct CRC over whatever body it is given, stuffed or not.
    static func framed(_ id: UInt8, _ length: UInt16, _ body: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = [0xFF, 0xFF, 0xFD, 0x00, id, UInt8(length & 0xFF), UInt8(length >> 8)] + body
        let crc = DynamixelCRC.checksum(frame)
        frame += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        return frame
    }

    @Test func malformedHeadersAreReported() {
        #expect(throws: DynamixelDecodeError.idOutOfRange(packetStart: 0, id: 0xFE)) { try Self.decode(Self.framed(0xFE, 4, [0x55, 0])) }
        #expect(throws: DynamixelDecodeError.lengthOutOfRange(packetStart: 0, length: 3)) { try Self.decode(Self.framed(1, 3, [0x55, 0])) }
        #expect(throws: DynamixelDecodeError.lengthOutOfRange(packetStart: 0, length: 1025)) { try Self.decode(Self.framed(1, 1025, [0x55, 0])) }
        // A sender that does not stuff: the CRC holds, the body is ambiguous.
        #expect(throws: DynamixelDecodeError.missingStuffing(packetStart: 0, offset: 12)) {
            try Self.decode(Self.framed(1, 8, hexBytes("55 00 FF FF FD 00")))
        }
        #expect(throws: DynamixelDecodeError.missingStuffing(packetStart: 0, offset: 12)) {
            try Self.decode(Self.framed(1, 7, hexBytes("55 00 FF FF FD")))
        }
    }

    // MARK: Instructions that cannot be sent

    @Test func instructionsThatCannotBeSentAreRefused() throws {
        var packet: [UInt8] = [0xAA]
        #expect(throws: BusServoEncodeError.idOutOfRange(id: 0xFE)) { try DynamixelPacket.encodeRead(id: 0xFE, address: 132, lengthBytes: 4, into: &packet) }
        #expect(packet.isEmpty)
        #expect(throws: BusServoEncodeError.idOutOfRange(id: 0xFD)) { try DynamixelPacket.encodePing(id: 0xFD, into: &packet) }
        #expect(throws: BusServoEncodeError.lengthOutOfRange(bytes: 0, maximum: 1013)) { try DynamixelPacket.encodeRead(id: 1, address: 0, lengthBytes: 0, into: &packet) }
        #expect(throws: BusServoEncodeError.lengthOutOfRange(bytes: 0, maximum: 1012)) { try DynamixelPacket.encodeWrite(id: 1, address: 64, data: [], into: &packet) }
        #expect(throws: BusServoEncodeError.duplicateID(id: 1)) { try DynamixelPacket.encodeSyncRead(address: 132, lengthBytes: 4, ids: [1, 1], into: &packet) }
        #expect(throws: BusServoEncodeError.noServos) { try DynamixelPacket.encodeSyncWrite(address: 116, dataLengthBytes: 4, ids: [], data: [], into: &packet) }
        #expect(throws: BusServoEncodeError.dataCountMismatch(expectedBytes: 8, actualBytes: 4)) {
            try DynamixelPacket.encodeSyncWrite(address: 116, dataLengthBytes: 4, ids: [1, 2], data: Self.le32(1000), into: &packet)
        }
        // The longest write fits unstuffed; one FF FF FD in it makes the stuffed frame one byte too long.
        let longest = [UInt8](repeating: 0, count: 1012)
        try DynamixelPacket.encodeWrite(id: 1, address: 0, data: longest, into: &packet)
        #expect(packet.count == 1024)
        #expect(throws: BusServoEncodeError.frameTooLong(bytes: 1025, maximum: 1024)) {
            try DynamixelPacket.encodeWrite(id: 1, address: 0, data: [0xFF, 0xFF, 0xFD] + longest.dropFirst(3), into: &packet)
        }
        #expect(packet.isEmpty)
        // Broadcast ping is Protocol 2.0's discovery: every servo answers.
        try DynamixelPacket.encodePing(id: DynamixelPacket.broadcastID, into: &packet)
        #expect(packet.prefix(8) == [0xFF, 0xFF, 0xFD, 0x00, 0xFE, 0x03, 0x00, 0x01])
    }

    @Test func reservedBuffersAreReusedWithoutReallocation() throws {
        var packet: [UInt8] = []
        packet.reserveCapacity(DynamixelPacket.maximumInstructionFrameBytes)
        var parameters: [UInt8] = []
        parameters.reserveCapacity(DynamixelPacket.maximumReadBytes)
        let packetStorage = storageAddress(packet)
        let parameterStorage = storageAddress(parameters)
        let data = Self.le32(0x00FD_FFFF) + Self.le32(3000)
        let reply = hexBytes("FF FF FD 00 01 09 00 55 00 FF FF FD FD 00 D8 9C")
        for _ in 0..<100 {
            try DynamixelPacket.encodeSyncWrite(address: 116, dataLengthBytes: 4, ids: [1, 2], data: data, into: &packet)
            try DynamixelPacket.encodeSyncRead(address: 126, lengthBytes: 21, ids: [1, 2], into: &packet)
            _ = try DynamixelPacket.decodeStatus(reply, parameters: &parameters)
            _ = try? DynamixelPacket.decodeStatus(Array(reply.prefix(9)), parameters: &parameters)
        }
        #expect(storageAddress(packet) == packetStorage)
        #expect(storageAddress(parameters) == parameterStorage)
    }
}
