/// The ERR byte of a Protocol 2.0 status packet: bit 7 is the hardware alert
/// (read Hardware Error Status, address 70, to learn which), bits 0–6 the
/// number of the error in the instruction just sent.
public struct DynamixelErrorField: RawRepresentable, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let none = DynamixelErrorField(rawValue: 0)

    /// The alert is a state of the servo, not of this packet: its data is still valid.
    public var hardwareAlert: Bool { rawValue & 0x80 != 0 }
    public var errorNumber: UInt8 { rawValue & 0x7F }
    /// Nil for 0 (no error) and for numbers the protocol does not define.
    public var instructionError: DynamixelInstructionError? { DynamixelInstructionError(rawValue: errorNumber) }
}

/// Error numbers 1...7 of the ERR byte (ROBOTIS e-manual, Protocol 2.0).
public enum DynamixelInstructionError: UInt8, Sendable, CaseIterable {
    case resultFail = 1
    case instructionError = 2
    case crcError = 3
    case dataRangeError = 4
    case dataLengthError = 5
    case dataLimitError = 6
    case accessError = 7
}

/// One valid status packet found in a receive buffer. Its parameters, unstuffed,
/// are the first `parameterCount` bytes of the buffer passed to the decoder.
public struct DynamixelStatus: Equatable, Sendable {
    public var id: UInt8
    public var error: DynamixelErrorField
    public var parameterCount: Int
    /// The whole (stuffed) frame; the next packet of a sync-read reply starts at its `upperBound`.
    public var packetRange: Range<Int>

    public init(id: UInt8, error: DynamixelErrorField, parameterCount: Int, packetRange: Range<Int>) {
        self.id = id
        self.error = error
        self.parameterCount = parameterCount
        self.packetRange = packetRange
    }
}

extension DynamixelPacket {
    /// Finds the first status packet at or after `start` (clipped to the buffer)
    /// and writes its unstuffed parameters into `parameters`, replacing its
    /// contents and keeping its capacity: reserve `maximumReadBytes` once and it
    /// is never reallocated.
    ///
    /// Only `FF FF FD 00` is a header; anything before one is skipped. A header
    /// whose INST, ID, LEN, CRC or stuffing is wrong is reported, not skipped,
    /// so corruption can be counted; decode again from the error's
    /// `resumeOffset` to resynchronise one byte on (the SDK does that silently
    /// for a bad header field, and gives up on a bad CRC). Drop the echo of the
    /// instruction first (`BusServoEcho`).
    ///
    /// Unstuffing reads the received bytes and writes only the output, so no
    /// byte is looked back at after being moved: dynamixel_sdk's in-place
    /// `removeStuffing` does, and loses a byte of e.g. `FF FF FD FF FD FD`.
    public static func decodeStatus(
        _ bytes: [UInt8], from start: Int = 0, parameters: inout [UInt8]
    ) throws(DynamixelDecodeError) -> DynamixelStatus {
        parameters.removeAll(keepingCapacity: true)
        let count = bytes.count
        let begin = min(max(start, 0), count)
        guard let header = findHeader(bytes, from: begin) else {
            throw .noHeader(resumeOffset: count - trailingHeaderPrefix(bytes, from: begin))
        }
        // FF FF FD 00 ID LEN_L LEN_H 55 ERR CRC_L CRC_H is the shortest status packet.
        let minimumFrameBytes = 11
        guard count - header >= 8 else { throw .truncated(packetStart: header, neededBytes: minimumFrameBytes) }
        let instruction = bytes[header + 7]
        guard instruction == DynamixelInstruction.status.rawValue else {
            throw .notAStatusPacket(packetStart: header, instruction: instruction)
        }
        let id = bytes[header + 4]
        guard id <= maximumServoID else { throw .idOutOfRange(packetStart: header, id: id) }
        let length = UInt16(bytes[header + 5]) | UInt16(bytes[header + 6]) << 8
        guard length >= 4, length <= maximumStatusLengthField else { throw .lengthOutOfRange(packetStart: header, length: length) }
        let frameBytes = Int(length) + 7
        guard count - header >= frameBytes else { throw .truncated(packetStart: header, neededBytes: frameBytes) }
        let crcIndex = header + frameBytes - 2
        let computed = DynamixelCRC.checksum(bytes, in: header..<crcIndex)
        let received = UInt16(bytes[crcIndex]) | UInt16(bytes[crcIndex + 1]) << 8
        guard computed == received else { throw .badCRC(packetStart: header, computed: computed, received: received) }

        // ERR is never a stuffed byte: the INST before it is 0x55, so no FF FF FD can end just before it.
        let errorByte = bytes[header + 8]
        var beforePrevious = instruction
        var previous = errorByte
        var stuffedByteDue = false
        for index in (header + 9)..<crcIndex {
            let byte = bytes[index]
            if stuffedByteDue {
                guard byte == 0xFD else {
                    parameters.removeAll(keepingCapacity: true)
                    throw .missingStuffing(packetStart: header, offset: index)
                }
                stuffedByteDue = false
            } else {
                parameters.append(byte)
                stuffedByteDue = beforePrevious == 0xFF && previous == 0xFF && byte == 0xFD
            }
            beforePrevious = previous
            previous = byte
        }
        guard !stuffedByteDue else {
            parameters.removeAll(keepingCapacity: true)
            throw .missingStuffing(packetStart: header, offset: crcIndex)
        }
        return DynamixelStatus(
            id: id, error: DynamixelErrorField(rawValue: errorByte), parameterCount: parameters.count,
            packetRange: header..<(header + frameBytes))
    }

    private static func findHeader(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 3 < bytes.count {
            if bytes[index] == 0xFF && bytes[index + 1] == 0xFF && bytes[index + 2] == 0xFD && bytes[index + 3] == 0x00 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// How many bytes at the end could be the start of a header still arriving (`FF`, `FF FF`, `FF FF FD`).
    private static func trailingHeaderPrefix(_ bytes: [UInt8], from start: Int) -> Int {
        let available = bytes.count - start
        for prefix in stride(from: min(3, available), to: 0, by: -1) {
            var matches = true
            for offset in 0..<prefix where bytes[bytes.count - prefix + offset] != (offset == 2 ? 0xFD : 0xFF) {
                matches = false
            }
            if matches { return prefix }
        }
        return 0
    }
}
