/// Appends little-endian fields to a payload. Floats go on the wire as IEEE-754
/// binary32: ample for radians and normalized coordinates, half the bytes.
public struct ByteWriter: Sendable {
    public private(set) var bytes: [UInt8]

    public init(reservingCapacity capacity: Int = 64) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    public mutating func u8(_ value: UInt8) { bytes.append(value) }
    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    public mutating func u16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    public mutating func u32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    public mutating func u64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    public mutating func i64(_ value: Int64) { u64(UInt64(bitPattern: value)) }

    public mutating func f32(_ value: Double) { u32(Float(value).bitPattern) }

    public mutating func uuid(_ value: WireUUID) { bytes.append(contentsOf: value.bytes) }

    /// u8 length then UTF-8; cut at 255 bytes on a character boundary.
    public mutating func string(_ value: String) {
        var utf8 = Array(value.utf8)
        if utf8.count > 255 {
            utf8 = Array(utf8.prefix(255))
            // Back off to the start of a UTF-8 sequence so the cut never splits a character.
            while let last = utf8.last, last & 0xC0 == 0x80 { utf8.removeLast() }
            if let last = utf8.last, last >= 0xC0 { utf8.removeLast() }
        }
        bytes.append(UInt8(utf8.count))
        bytes.append(contentsOf: utf8)
    }
}
