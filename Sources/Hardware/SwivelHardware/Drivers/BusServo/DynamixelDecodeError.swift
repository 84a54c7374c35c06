/// Why no Dynamixel status packet could be taken from a receive buffer. Offsets
/// index the buffer that was decoded. Integers only: throwing never allocates.
public enum DynamixelDecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No `FF FF FD 00` header: every byte before `resumeOffset` is garbage.
    case noHeader(resumeOffset: Int)
    /// A header was found but the packet has not fully arrived: keep the bytes
    /// from `packetStart` and read more. `neededBytes` is the frame's size, or
    /// the shortest frame's while its LEN is still missing.
    case truncated(packetStart: Int, neededBytes: Int)
    /// INST is not 0x55: an instruction, typically the echo of the one just sent.
    case notAStatusPacket(packetStart: Int, instruction: UInt8)
    /// No servo has this ID (0xFE only answers a fast sync read, which Swivel does not send).
    case idOutOfRange(packetStart: Int, id: UInt8)
    /// LEN below 4 cannot hold INST, ERR and the CRC; above 1024 dynamixel_sdk refuses it.
    case lengthOutOfRange(packetStart: Int, length: UInt16)
    /// dynamixel_sdk's COMM_RX_CORRUPT (-3002).
    case badCRC(packetStart: Int, computed: UInt16, received: UInt16)
    /// The CRC holds but an `FF FF FD` in the body is not followed by its stuffed
    /// `FD` (at `offset`): the sender did not stuff, and the body is ambiguous.
    case missingStuffing(packetStart: Int, offset: Int)

    /// Where to decode from next: after the garbage, at a packet still
    /// arriving, or one byte past a rejected header (it may have been garbage).
    public var resumeOffset: Int {
        switch self {
        case .noHeader(let offset): offset
        case .truncated(let start, _): start
        case .notAStatusPacket(let start, _), .idOutOfRange(let start, _), .lengthOutOfRange(let start, _),
            .badCRC(let start, _, _), .missingStuffing(let start, _):
            start + 1
        }
    }

    public var description: String {
        switch self {
        case .noHeader(let offset): "no FF FF FD 00 header before offset \(offset)"
        case .truncated(let start, let needed): "status packet at offset \(start) is incomplete: its frame is \(needed) bytes"
        case .notAStatusPacket(let start, let instruction):
            "packet at offset \(start) has instruction \(instruction), not status (85); is the echo of the instruction dropped?"
        case .idOutOfRange(let start, let id): "status packet at offset \(start) has ID \(id), above 252"
        case .lengthOutOfRange(let start, let length): "status packet at offset \(start) has LEN \(length), outside 4...1024"
        case .badCRC(let start, let computed, let received):
            "status packet at offset \(start) fails its CRC: computed \(computed), packet carries \(received)"
        case .missingStuffing(let start, let offset):
            "status packet at offset \(start) has FF FF FD without the stuffed FD at offset \(offset)"
        }
    }
}
