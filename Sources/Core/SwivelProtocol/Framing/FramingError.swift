/// Why a frame could not be built or was dropped on receipt.
public enum FramingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The encoder was handed more than `FrameLimits.maximumPayloadBytes`.
    case payloadTooLarge(bytes: Int)
    /// The bytes between two delimiters are not a COBS encoding (a block runs
    /// past the end, or a zero byte sits inside).
    case badEncoding
    /// The decoded frame is shorter than header plus checksum.
    case tooShort(bytes: Int)
    /// `expected` is the checksum of the bytes received; `received` is the one
    /// the frame carried.
    case badChecksum(expected: UInt16, received: UInt16)
    /// More bytes arrived before a delimiter than the largest frame can take,
    /// or they decode to more than `FrameLimits.maximumDecodedBytes`.
    case oversize

    public var description: String {
        switch self {
        case .payloadTooLarge(let bytes):
            "payload of \(bytes) bytes exceeds the maximum of \(FrameLimits.maximumPayloadBytes)"
        case .badEncoding:
            "frame is not valid COBS (a block overruns the frame or contains a zero byte)"
        case .tooShort(let bytes):
            "frame of \(bytes) decoded bytes is shorter than the minimum of \(FrameLimits.minimumDecodedBytes)"
        case .badChecksum(let expected, let received):
            "checksum mismatch: computed 0x\(hex4(expected)), frame carries 0x\(hex4(received))"
        case .oversize:
            "frame exceeds the maximum of \(FrameLimits.maximumDecodedBytes) decoded bytes"
        }
    }
}

/// Four upper-case hex digits, zero-padded: how checksums are written in docs/PROTOCOL.md.
private func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - digits.count) + digits
}
