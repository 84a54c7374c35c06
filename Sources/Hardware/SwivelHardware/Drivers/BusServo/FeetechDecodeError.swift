/// Why no Feetech status packet could be taken from a receive buffer. Offsets
/// index the buffer that was decoded. Integers only: throwing never allocates.
public enum FeetechDecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No `FF FF` header: every byte before `resumeOffset` is garbage.
    case noHeader(resumeOffset: Int)
    /// A header was found but the packet has not fully arrived: keep the bytes
    /// from `packetStart` and read more. `neededBytes` is the frame's size, or
    /// the shortest frame's while its LEN byte is still missing.
    case truncated(packetStart: Int, neededBytes: Int)
    /// LEN below 2 cannot hold ERR and CHK; above 250 scservo_sdk refuses it.
    case lengthOutOfRange(packetStart: Int, length: UInt8)
    /// ERR with bit 7 set, which no servo sends and scservo_sdk refuses.
    case errorByteOutOfRange(packetStart: Int, errorByte: UInt8)
    /// scservo_sdk's COMM_RX_CORRUPT (-7).
    case badChecksum(packetStart: Int, computed: UInt8, received: UInt8)

    /// Where to decode from next: after the garbage, at a packet still
    /// arriving, or one byte past a rejected header (it may have been garbage).
    public var resumeOffset: Int {
        switch self {
        case .noHeader(let offset): offset
        case .truncated(let start, _): start
        case .lengthOutOfRange(let start, _), .errorByteOutOfRange(let start, _), .badChecksum(let start, _, _): start + 1
        }
    }

    public var description: String {
        switch self {
        case .noHeader(let offset): "no FF FF header before offset \(offset)"
        case .truncated(let start, let needed): "status packet at offset \(start) is incomplete: its frame is \(needed) bytes"
        case .lengthOutOfRange(let start, let length): "status packet at offset \(start) has LEN \(length), outside 2...250"
        case .errorByteOutOfRange(let start, let errorByte): "status packet at offset \(start) has error byte \(errorByte) with reserved bit 7 set"
        case .badChecksum(let start, let computed, let received):
            "status packet at offset \(start) fails its checksum: computed \(computed), packet carries \(received)"
        }
    }
}
