/// Byte order inside a Feetech 16-bit register. scservo_sdk 1.0.0 keeps it in a
/// process-wide global (`SCS_END`, set by `PacketHandler(protocol_end)`), so one
/// process cannot drive both series; here it is a value each servo model carries.
/// Only words are affected: IDs, addresses, lengths and the checksum never change.
public enum FeetechEndianness: Sendable, Equatable {
    /// STS/SMS series, STS3215 among them (`protocol_end = 0`): 2048 goes out as `00 08`.
    case littleEndian
    /// SCS series, e.g. SCS0009 (`protocol_end = 1`): 2048 goes out as `08 00`.
    case bigEndian

    public func appendWord(_ word: UInt16, to bytes: inout [UInt8]) {
        let low = UInt8(truncatingIfNeeded: word)
        let high = UInt8(truncatingIfNeeded: word >> 8)
        switch self {
        case .littleEndian:
            bytes.append(low)
            bytes.append(high)
        case .bigEndian:
            bytes.append(high)
            bytes.append(low)
        }
    }

    /// `first` is the byte that came first on the wire.
    public func word(first: UInt8, second: UInt8) -> UInt16 {
        switch self {
        case .littleEndian: UInt16(first) | UInt16(second) << 8
        case .bigEndian: UInt16(first) << 8 | UInt16(second)
        }
    }
}
