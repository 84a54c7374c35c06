/// Why a bus-servo instruction could not be built. Both codecs throw it: the
/// reasons are the same, only the limits differ. It carries only integers, so
/// throwing it on the real-time path never allocates.
public enum BusServoEncodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The ID cannot be addressed by this instruction: above the servo range, or
    /// broadcast where a reply is expected (a broadcast READ would make every servo talk at once).
    case idOutOfRange(id: UInt8)
    /// An ID is listed twice in a sync instruction: both servos would answer or take the same slot.
    case duplicateID(id: UInt8)
    /// A sync instruction with no servos addresses nobody.
    case noServos
    /// A data or read length of zero, or more than one frame can carry.
    case lengthOutOfRange(bytes: Int, maximum: Int)
    /// Sync-write data must be exactly one block of `dataLengthBytes` per ID.
    case dataCountMismatch(expectedBytes: Int, actualBytes: Int)
    /// The frame (after byte stuffing, for Dynamixel) exceeds what the servos accept.
    case frameTooLong(bytes: Int, maximum: Int)
    /// A magnitude that would run into the sign bit of a Feetech sign-magnitude register.
    case magnitudeTooLarge(value: Int32, signBit: Int)
    /// A status error byte with a bit the protocol reserves (Feetech bit 7).
    case errorByteOutOfRange(errorByte: UInt8)

    public var description: String {
        switch self {
        case .idOutOfRange(let id): "ID \(id) cannot be addressed by this instruction"
        case .duplicateID(let id): "ID \(id) is listed more than once"
        case .noServos: "a sync instruction needs at least one servo ID"
        case .lengthOutOfRange(let bytes, let maximum): "length of \(bytes) bytes is outside 1...\(maximum)"
        case .dataCountMismatch(let expected, let actual): "sync data is \(actual) bytes, expected \(expected) (one block per ID)"
        case .frameTooLong(let bytes, let maximum): "frame of \(bytes) bytes exceeds the maximum of \(maximum)"
        case .magnitudeTooLarge(let value, let signBit):
            "\(value) does not fit in sign-magnitude with the sign in bit \(signBit) (|value| must be below \(1 << signBit))"
        case .errorByteOutOfRange(let errorByte): "error byte \(errorByte) sets a reserved bit"
        }
    }
}

/// Sync instructions name each servo once; a 256-bit set on the stack checks
/// that without allocating.
enum BusServoIDList {
    static func validate(_ ids: [UInt8], maximumID: UInt8) throws(BusServoEncodeError) {
        guard !ids.isEmpty else { throw .noServos }
        var seen: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for id in ids {
            guard id <= maximumID else { throw .idOutOfRange(id: id) }
            let bit = UInt64(1) << UInt64(id & 63)
            let alreadySeen: Bool
            switch id >> 6 {
            case 0: alreadySeen = seen.0 & bit != 0; seen.0 |= bit
            case 1: alreadySeen = seen.1 & bit != 0; seen.1 |= bit
            case 2: alreadySeen = seen.2 & bit != 0; seen.2 |= bit
            default: alreadySeen = seen.3 & bit != 0; seen.3 |= bit
            }
            guard !alreadySeen else { throw .duplicateID(id: id) }
        }
    }
}
