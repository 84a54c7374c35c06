/// Instruction codes of dynamixel_sdk 4.1.0 (`robotis_def.py`) that Swivel uses.
public enum DynamixelInstruction: UInt8, Sendable, CaseIterable {
    case ping = 0x01
    case read = 0x02
    case write = 0x03
    case regWrite = 0x04
    case action = 0x05
    case reboot = 0x08
    /// The instruction byte of every status packet.
    case status = 0x55
    case syncRead = 0x82
    case syncWrite = 0x83
}

/// Dynamixel Protocol 2.0 packets:
/// `FF FF FD 00 ID LEN_L LEN_H INST params CRC_L CRC_H`. LEN counts INST,
/// params and CRC after stuffing; every multi-byte field is little endian.
///
/// Byte stuffing: wherever `FF FF FD` occurs from INST onwards, an extra `FD`
/// follows it, so the body never contains a header. LEN and the CRC are of the
/// stuffed bytes. dynamixel-sdk 4.1.0 (Python) drops the stuffed copy and sends
/// the unstuffed one; this encoder sends the stuffed form, as the C++ SDK does.
///
/// Every encoder replaces the contents of `packet` and keeps its capacity; a
/// buffer reserved once is not reallocated as long as the frames fit in it.
/// After a throw `packet` is empty, never half-built.
public enum DynamixelPacket {
    public static let broadcastID: UInt8 = 0xFE
    /// dynamixel_sdk's MAX_ID; 0xFD is unused and 0xFF is never an ID.
    public static let maximumServoID: UInt8 = 0xFC
    /// dynamixel_sdk's TXPACKET_MAX_LEN, which it compares with the whole frame.
    public static let maximumInstructionFrameBytes = 1024
    /// dynamixel_sdk's RXPACKET_MAX_LEN, which it compares with a status packet's LEN.
    public static let maximumStatusLengthField: UInt16 = 1024
    /// The largest READ whose unstuffed reply frame (11 bytes + data) stays within the SDK's frame limit.
    public static let maximumReadBytes = maximumInstructionFrameBytes - 11

    /// Broadcast (`broadcastID`) is allowed: every servo answers, each with its own status.
    public static func encodePing(id: UInt8, into packet: inout [UInt8]) throws(BusServoEncodeError) {
        packet.removeAll(keepingCapacity: true)
        guard id <= maximumServoID || id == broadcastID else { throw .idOutOfRange(id: id) }
        begin(id: id, instruction: DynamixelInstruction.ping.rawValue, into: &packet)
        try finish(&packet)
    }

    public static func encodeRead(id: UInt8, address: UInt16, lengthBytes: UInt16, into packet: inout [UInt8]) throws(BusServoEncodeError) {
        packet.removeAll(keepingCapacity: true)
        guard id <= maximumServoID else { throw .idOutOfRange(id: id) }
        guard lengthBytes >= 1, Int(lengthBytes) <= maximumReadBytes else {
            throw .lengthOutOfRange(bytes: Int(lengthBytes), maximum: maximumReadBytes)
        }
        var writer = begin(id: id, instruction: DynamixelInstruction.read.rawValue, into: &packet)
        writer.appendWord(address, to: &packet)
        writer.appendWord(lengthBytes, to: &packet)
        try finish(&packet)
    }

    /// `id` may be `broadcastID`; then no servo replies.
    public static func encodeWrite(id: UInt8, address: UInt16, data: [UInt8], into packet: inout [UInt8]) throws(BusServoEncodeError) {
        packet.removeAll(keepingCapacity: true)
        guard id <= maximumServoID || id == broadcastID else { throw .idOutOfRange(id: id) }
        // Header 7, INST, ADDR 2, data, CRC 2 before stuffing.
        let maximum = maximumInstructionFrameBytes - 12
        guard !data.isEmpty, data.count <= maximum else { throw .lengthOutOfRange(bytes: data.count, maximum: maximum) }
        var writer = begin(id: id, instruction: DynamixelInstruction.write.rawValue, into: &packet)
        writer.appendWord(address, to: &packet)
        for byte in data { writer.append(byte, to: &packet) }
        try finish(&packet)
    }

    /// `data` is `ids.count` blocks of `dataLengthBytes`, in the order of `ids`. Broadcast: no servo replies.
    public static func encodeSyncWrite(
        address: UInt16, dataLengthBytes: UInt16, ids: [UInt8], data: [UInt8], into packet: inout [UInt8]
    ) throws(BusServoEncodeError) {
        packet.removeAll(keepingCapacity: true)
        try BusServoIDList.validate(ids, maximumID: maximumServoID)
        let blockBytes = Int(dataLengthBytes)
        // Header 7, INST, ADDR 2, N 2, (ID data)*, CRC 2 before stuffing.
        guard blockBytes >= 1 else { throw .lengthOutOfRange(bytes: 0, maximum: maximumInstructionFrameBytes - 15) }
        let frameBytes = 14 + ids.count * (blockBytes + 1)
        guard frameBytes <= maximumInstructionFrameBytes else {
            throw .frameTooLong(bytes: frameBytes, maximum: maximumInstructionFrameBytes)
        }
        guard data.count == ids.count * blockBytes else {
            throw .dataCountMismatch(expectedBytes: ids.count * blockBytes, actualBytes: data.count)
        }
        var writer = begin(id: broadcastID, instruction: DynamixelInstruction.syncWrite.rawValue, into: &packet)
        writer.appendWord(address, to: &packet)
        writer.appendWord(dataLengthBytes, to: &packet)
        for (slot, id) in ids.enumerated() {
            writer.append(id, to: &packet)
            for index in (slot * blockBytes)..<((slot + 1) * blockBytes) { writer.append(data[index], to: &packet) }
        }
        try finish(&packet)
    }

    /// The servos answer with one status packet each, in the order of `ids`.
    public static func encodeSyncRead(address: UInt16, lengthBytes: UInt16, ids: [UInt8], into packet: inout [UInt8]) throws(BusServoEncodeError) {
        packet.removeAll(keepingCapacity: true)
        try BusServoIDList.validate(ids, maximumID: maximumServoID)
        guard lengthBytes >= 1, Int(lengthBytes) <= maximumReadBytes else {
            throw .lengthOutOfRange(bytes: Int(lengthBytes), maximum: maximumReadBytes)
        }
        // Header 7, INST, ADDR 2, N 2, ID*, CRC 2.
        let frameBytes = 14 + ids.count
        guard frameBytes <= maximumInstructionFrameBytes else {
            throw .frameTooLong(bytes: frameBytes, maximum: maximumInstructionFrameBytes)
        }
        var writer = begin(id: broadcastID, instruction: DynamixelInstruction.syncRead.rawValue, into: &packet)
        writer.appendWord(address, to: &packet)
        writer.appendWord(lengthBytes, to: &packet)
        for id in ids { writer.append(id, to: &packet) }
        try finish(&packet)
    }

    /// What a servo sends back, stuffed; for simulated servos and tests of the decoder.
    public static func encodeStatus(
        id: UInt8, error: DynamixelErrorField, parameters: [UInt8], into packet: inout [UInt8]
    ) throws(BusServoEncodeError) {
        packet.removeAll(keepingCapacity: true)
        guard id <= maximumServoID else { throw .idOutOfRange(id: id) }
        let maximum = maximumInstructionFrameBytes - 11
        guard parameters.count <= maximum else { throw .lengthOutOfRange(bytes: parameters.count, maximum: maximum) }
        var writer = begin(id: id, instruction: DynamixelInstruction.status.rawValue, into: &packet)
        writer.append(error.rawValue, to: &packet)
        for byte in parameters { writer.append(byte, to: &packet) }
        try finish(&packet)
    }

    /// Appends `value` little endian, as every Dynamixel register is laid out.
    public static func appendLittleEndian(_ value: UInt32, byteCount: Int, to bytes: inout [UInt8]) {
        for shift in 0..<min(max(byteCount, 0), 4) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift * 8))) }
    }

    /// The header is never stuffed, so it is written before the stuffing writer exists.
    @discardableResult
    private static func begin(id: UInt8, instruction: UInt8, into packet: inout [UInt8]) -> DynamixelStuffingWriter {
        packet.append(0xFF)
        packet.append(0xFF)
        packet.append(0xFD)
        packet.append(0x00)
        packet.append(id)
        packet.append(0)
        packet.append(0)
        var writer = DynamixelStuffingWriter()
        writer.append(instruction, to: &packet)
        return writer
    }

    /// LEN is known only once stuffing has run, and the CRC covers the stuffed bytes and LEN.
    private static func finish(_ packet: inout [UInt8]) throws(BusServoEncodeError) {
        let frameBytes = packet.count + 2
        guard frameBytes <= maximumInstructionFrameBytes else {
            packet.removeAll(keepingCapacity: true)
            throw .frameTooLong(bytes: frameBytes, maximum: maximumInstructionFrameBytes)
        }
        let length = UInt16(truncatingIfNeeded: frameBytes - 7)
        packet[5] = UInt8(truncatingIfNeeded: length)
        packet[6] = UInt8(truncatingIfNeeded: length >> 8)
        let crc = DynamixelCRC.checksum(packet)
        packet.append(UInt8(truncatingIfNeeded: crc))
        packet.append(UInt8(truncatingIfNeeded: crc >> 8))
    }
}

/// Appends the body from INST onwards, inserting an `FD` after each `FF FF FD`
/// of the bytes given. The look-back is over the bytes given, not the bytes
/// written, as the SDK's `addStuffing` does; the two agree, because an inserted
/// `FD` is preceded by `FD` and so can never complete another `FF FF FD`.
struct DynamixelStuffingWriter {
    private var beforePrevious: UInt8 = 0
    private var previous: UInt8 = 0

    mutating func append(_ byte: UInt8, to packet: inout [UInt8]) {
        packet.append(byte)
        if beforePrevious == 0xFF && previous == 0xFF && byte == 0xFD { packet.append(0xFD) }
        beforePrevious = previous
        previous = byte
    }

    mutating func appendWord(_ word: UInt16, to packet: inout [UInt8]) {
        append(UInt8(truncatingIfNeeded: word), to: &packet)
        append(UInt8(truncatingIfNeeded: word >> 8), to: &packet)
    }
}
