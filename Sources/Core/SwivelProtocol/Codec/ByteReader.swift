/// Reads little-endian fields from a payload. Past the end it reads zeros: that
/// is the protocol's forward-compatibility rule (optional fields a sender does
/// not know yet arrive as zero), so messages check their REQUIRED length first
/// with `require`, and trailing bytes nobody reads are ignored.
public struct ByteReader: Sendable {
    public let bytes: [UInt8]
    public private(set) var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var remaining: Int { max(bytes.count - offset, 0) }

    /// Throws `badLength` unless the payload has at least `minimumBytes`.
    public func require(_ minimumBytes: Int, for messageID: MessageID) throws(MessageError) {
        guard bytes.count >= minimumBytes else {
            throw MessageError.badLength(messageID, received: bytes.count, required: minimumBytes)
        }
    }

    public mutating func u8() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    public mutating func bool() -> Bool { u8() != 0 }

    public mutating func u16() -> UInt16 { UInt16(u8()) | UInt16(u8()) << 8 }

    public mutating func u32() -> UInt32 {
        var value: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) { value |= UInt32(u8()) << UInt32(shift) }
        return value
    }

    public mutating func u64() -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(u8()) << UInt64(shift) }
        return value
    }

    public mutating func i64() -> Int64 { Int64(bitPattern: u64()) }

    public mutating func f32() -> Double { Double(Float(bitPattern: u32())) }

    public mutating func uuid() -> WireUUID {
        var raw = [UInt8](repeating: 0, count: 16)
        for i in 0..<16 { raw[i] = u8() }
        return WireUUID(bytes: raw) ?? WireUUID.zero
    }

    /// Invalid UTF-8 is repaired (U+FFFD), never rejected: strings are for people.
    public mutating func string() -> String {
        let count = Int(u8())
        let start = min(offset, bytes.count)
        let end = min(offset + count, bytes.count)
        offset += count
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
