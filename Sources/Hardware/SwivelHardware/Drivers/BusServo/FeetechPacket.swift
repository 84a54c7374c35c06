/// Instruction codes of scservo_sdk 1.0.0 (`scservo_def.py`).
public enum FeetechInstruction: UInt8, Sendable, CaseIterable {
    case ping = 0x01
    case read = 0x02
    case write = 0x03
    case regWrite = 0x04
    case action = 0x05
    /// Not in the classic SCS set; the STS firmware and scservo_sdk 1.0.0 have it.
    case syncRead = 0x82
    case syncWrite = 0x83
}

/// Feetech STS/SCS instruction packets: `FF FF ID LEN INST params CHK` with
/// LEN = params + 2 and CHK = ~(ID + LEN + INST + params), the header excluded.
/// There is no byte stuffing. Multi-byte register values are split by the
/// caller with `FeetechEndianness` (and `FeetechSignMagnitude` for signed ones).
///
/// Every encoder replaces the contents of `packet` and keeps its capacity: a
/// buffer reserved once with `maximumInstructionFrameBytes` is never
/// reallocated. After a throw `packet` is empty, never half-built.
public enum FeetechPacket {
    public static let broadcastID: UInt8 = 0xFE
    /// Above this an ID is not a servo: 0xFE is broadcast, and the SDK resyncs on 0xFF.
    public static let maximumServoID: UInt8 = 0xFD
    /// scservo_sdk's TXPACKET_MAX_LEN: the longest frame it will send.
    public static let maximumInstructionFrameBytes = 250
    /// scservo_sdk's RXPACKET_MAX_LEN, which it compares with a status packet's LEN byte.
    public static let maximumStatusLengthField: UInt8 = 250
    /// The largest READ a status packet can answer (its LEN is data + 2).
    public static let maximumReadBytes = Int(maximumStatusLengthField) - 2

    /// `~sum & 0xFF` over `range`; a range reaching outside `bytes` is clipped, never trapped on.
    public static func checksum(_ bytes: [UInt8], in range: Range<Int>) -> UInt8 {
        var sum: UInt8 = 0
        for index in range.clamped(to: bytes.indices) { sum &+= bytes[index] }
        return ~sum
    }

    /// A reply carries no model number: scservo_sdk's `ping()` follows with READ(3, 2) for that.
    public static func encodePing(id: UInt8, into packet: inout [UInt8]) throws(BusServoEncodeError) {
        packet.removeAll(keepingCapacity: true)
        guard id <= maximumServoID else { throw .idOutOfRange(id: id) }
        begin(id: id, instruction: FeetechInstruction.ping.rawValue, into: &packet)
        finish(&packet)
    }

    public static func encodeRead(id: UInt8, address: UInt8, lengthBytes: UInt8, into packet: inout [UInt8]) throws(BusServoEncodeError) {
        packet.removeAll(keepingCapacity: true)
        guard id <= maximumServoID else { throw .idOutOfRange(id: id) }
        guard lengthBytes >= 1, Int(lengthBytes) <= maximumReadBytes else {
            throw .lengthOutOfRange(bytes: Int(lengthBytes), maximum: maximumReadBytes)
        }
        begin(id: id, instruction: FeetechInstruction.read.rawValue, into: &packet)
        packet.append(address)
        packet.append(lengthBytes)
        finish(&packet)
    }

    /// `id` may be `broadcastID`; then no servo replies.
    public static func encodeWrite(id: UInt8, address: UInt8, data: [UInt8], into packet: inout [UInt8]) throws(BusServoEncodeError) {
        packet.removeAll(keepingCapacity: true)
        guard id <= maximumServoID || id == broadcastID else { throw .idOutOfRange(id: id) }
        // FF FF ID LEN INST ADDR data CHK
        let maximum = maximumInstructionFrameBytes - 7
        guard !data.isEmpty, data.count <= maximum else { throw .lengthOutOfRange(bytes: data.count, maximum: maximum) }
        begin(id: id, instruction: FeetechInstruction.write.rawValue, into: &packet)
        packet.append(address)
        packet.append(contentsOf: data)
        finish(&packet)
    }

    /// `data` is `ids.count` blocks of `dataLengthBytes`, in the order of `ids`.
    /// Broadcast: no servo replies. scservo_sdk accepts a short block and sends a
    /// malformed packet; here the lengths must match.
    public static func encodeSyncWrite(
        address: UInt8, dataLengthBytes: UInt8, ids: [UInt8], data: [UInt8], into packet: inout [UInt8]
    ) throws(BusServoEncodeError) {
        packet.removeAll(keepingCapacity: true)
        try BusServoIDList.validate(ids, maximumID: maximumServoID)
        let blockBytes = Int(dataLengthBytes)
        // FF FF FE LEN INST ADDR N (ID data)* CHK
        let frameBytes = 8 + ids.count * (blockBytes + 1)
        guard blockBytes >= 1 else { throw .lengthOutOfRange(bytes: 0, maximum: maximumInstructionFrameBytes - 9) }
        guard frameBytes <= maximumInstructionFrameBytes else {
            throw .frameTooLong(bytes: frameBytes, maximum: maximumInstructionFrameBytes)
        }
        guard data.count == ids.count * blockBytes else {
            throw .dataCountMismatch(expectedBytes: ids.count * blockBytes, actualBytes: data.count)
        }
        begin(id: broadcastID, instruction: FeetechInstruction.syncWrite.rawValue, into: &packet)
        packet.append(address)
        packet.append(dataLengthBytes)
        for (slot, id) in ids.enumerated() {
            packet.append(id)
            let first = slot * blockBytes
            packet.append(contentsOf: data[first..<(first + blockBytes)])
        }
        finish(&packet)
    }

    /// The servos answer with one ordinary status packet each, in the order of `ids`.
    public static func encodeSyncRead(address: UInt8, lengthBytes: UInt8, ids: [UInt8], into packet: inout [UInt8]) throws(BusServoEncodeError) {
        packet.removeAll(keepingCapacity: true)
        try BusServoIDList.validate(ids, maximumID: maximumServoID)
        guard lengthBytes >= 1, Int(lengthBytes) <= maximumReadBytes else {
            throw .lengthOutOfRange(bytes: Int(lengthBytes), maximum: maximumReadBytes)
        }
        // FF FF FE LEN INST ADDR N ID* CHK
        let frameBytes = 8 + ids.count
        guard frameBytes <= maximumInstructionFrameBytes else {
            throw .frameTooLong(bytes: frameBytes, maximum: maximumInstructionFrameBytes)
        }
        begin(id: broadcastID, instruction: FeetechInstruction.syncRead.rawValue, into: &packet)
        packet.append(address)
        packet.append(lengthBytes)
        packet.append(contentsOf: ids)
        finish(&packet)
    }

    /// What a servo sends back; for simulated servos and tests of the decoder.
    public static func encodeStatus(
        id: UInt8, errors: FeetechErrorFlags, parameters: [UInt8], into packet: inout [UInt8]
    ) throws(BusServoEncodeError) {
        packet.removeAll(keepingCapacity: true)
        guard id <= maximumServoID else { throw .idOutOfRange(id: id) }
        guard errors.rawValue & 0x80 == 0 else { throw .errorByteOutOfRange(errorByte: errors.rawValue) }
        guard parameters.count <= maximumReadBytes else { throw .lengthOutOfRange(bytes: parameters.count, maximum: maximumReadBytes) }
        begin(id: id, instruction: errors.rawValue, into: &packet)
        packet.append(contentsOf: parameters)
        finish(&packet)
    }

    /// The LEN byte is a placeholder until `finish` knows the parameter count.
    private static func begin(id: UInt8, instruction: UInt8, into packet: inout [UInt8]) {
        packet.append(0xFF)
        packet.append(0xFF)
        packet.append(id)
        packet.append(0)
        packet.append(instruction)
    }

    /// Callers have bounded the frame to 254 bytes, so LEN (count - 3) fits a byte.
    private static func finish(_ packet: inout [UInt8]) {
        packet[3] = UInt8(truncatingIfNeeded: packet.count - 3)
        packet.append(checksum(packet, in: 2..<packet.count))
    }
}
