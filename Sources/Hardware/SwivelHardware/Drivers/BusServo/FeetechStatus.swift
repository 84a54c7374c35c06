/// The ERR byte of a Feetech status packet (scservo_sdk 1.0.0 `getRxPacketError`).
/// 0x10 and 0x40 have no name in the SDK and are kept in `rawValue`; 0x80 never
/// reaches here, the decoder rejects it as the SDK does.
public struct FeetechErrorFlags: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Input voltage out of the servo's range.
    public static let voltage = FeetechErrorFlags(rawValue: 0x01)
    /// The magnetic angle sensor failed.
    public static let angleSensor = FeetechErrorFlags(rawValue: 0x02)
    public static let overheat = FeetechErrorFlags(rawValue: 0x04)
    /// "OverEle" in the SDK.
    public static let overcurrent = FeetechErrorFlags(rawValue: 0x08)
    public static let overload = FeetechErrorFlags(rawValue: 0x20)
}

/// One valid status packet found in a receive buffer. Its data is not copied:
/// `parameterRange` indexes the buffer that was decoded.
public struct FeetechStatus: Equatable, Sendable {
    public var id: UInt8
    public var errors: FeetechErrorFlags
    public var parameterRange: Range<Int>
    /// The whole frame; the next packet of a sync-read reply starts at its `upperBound`.
    public var packetRange: Range<Int>

    public init(id: UInt8, errors: FeetechErrorFlags, parameterRange: Range<Int>, packetRange: Range<Int>) {
        self.id = id
        self.errors = errors
        self.parameterRange = parameterRange
        self.packetRange = packetRange
    }
}

extension FeetechPacket {
    /// Finds the first status packet at or after `start` (clipped to the buffer).
    ///
    /// Bytes before an `FF FF` are skipped, and so is an `FF FF` followed by
    /// 0xFE or 0xFF: no servo has that ID, and a run of 0xFF before a real
    /// header looks like that. Any other header whose LEN, ERR or checksum is
    /// wrong is reported, not skipped, so corruption can be counted; decode
    /// again from the error's `resumeOffset` to resynchronise one byte on (the
    /// SDK does that silently for a bad LEN or ERR, and gives up on a bad checksum).
    /// Drop the echo of the instruction first (`BusServoEcho`): an echoed
    /// instruction is a well-formed packet and would read as a status.
    public static func decodeStatus(_ bytes: [UInt8], from start: Int = 0) throws(FeetechDecodeError) -> FeetechStatus {
        let count = bytes.count
        var searchFrom = min(max(start, 0), count)
        while true {
            guard let header = findHeader(bytes, from: searchFrom) else {
                // A trailing 0xFF may be the first half of the next header.
                let keepLast = count > searchFrom && bytes[count - 1] == 0xFF
                throw .noHeader(resumeOffset: keepLast ? count - 1 : count)
            }
            // FF FF ID LEN ERR CHK is the shortest status packet.
            let minimumFrameBytes = 6
            guard count - header >= 3 else { throw .truncated(packetStart: header, neededBytes: minimumFrameBytes) }
            let id = bytes[header + 2]
            if id > maximumServoID {
                searchFrom = header + 1
                continue
            }
            guard count - header >= 5 else { throw .truncated(packetStart: header, neededBytes: minimumFrameBytes) }
            let length = bytes[header + 3]
            guard length >= 2, length <= maximumStatusLengthField else {
                throw .lengthOutOfRange(packetStart: header, length: length)
            }
            let errorByte = bytes[header + 4]
            guard errorByte & 0x80 == 0 else { throw .errorByteOutOfRange(packetStart: header, errorByte: errorByte) }
            let frameBytes = Int(length) + 4
            guard count - header >= frameBytes else { throw .truncated(packetStart: header, neededBytes: frameBytes) }
            let checksumIndex = header + frameBytes - 1
            let computed = checksum(bytes, in: (header + 2)..<checksumIndex)
            guard computed == bytes[checksumIndex] else {
                throw .badChecksum(packetStart: header, computed: computed, received: bytes[checksumIndex])
            }
            return FeetechStatus(
                id: id, errors: FeetechErrorFlags(rawValue: errorByte),
                parameterRange: (header + 5)..<checksumIndex, packetRange: header..<(header + frameBytes))
        }
    }

    private static func findHeader(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF && bytes[index + 1] == 0xFF { return index }
            index += 1
        }
        return nil
    }
}
