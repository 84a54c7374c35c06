/// CRC-16/MCRF4XX: reflected polynomial 0x8408 (0x1021 reversed), initial value
/// 0xFFFF, no final XOR; check value 0x6F91 for ASCII "123456789". It is X-25
/// without X-25's final XOR, which is why the two must not be confused.
///
/// Without a final XOR the register of a frame followed by its own checksum
/// (little-endian) is 0, so `data ‖ crc ‖ 00 00` also checks: only the COBS
/// delimiter fixes a frame's length, and message decoders must insist on the
/// exact payload length of each message.
public enum CRC16MCRF4XX {
    public static let initial: UInt16 = 0xFFFF

    /// Reflected polynomial of x^16 + x^12 + x^5 + 1.
    static let polynomial: UInt16 = 0x8408

    /// One entry per byte value: the register after shifting that byte through,
    /// so a byte costs one lookup instead of eight conditional shifts.
    static let table: [UInt16] = (0..<256).map { value in
        var crc = UInt16(value)
        for _ in 0..<8 {
            crc = crc & 1 == 1 ? (crc >> 1) ^ polynomial : crc >> 1
        }
        return crc
    }

    public static func update(_ crc: UInt16, byte: UInt8) -> UInt16 {
        (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)]
    }

    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt16 {
        update(initial, bytes: bytes)
    }

    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt16 {
        if let contiguous = bytes.withContiguousStorageIfAvailable({ checksum(UnsafeRawBufferPointer($0)) }) {
            return contiguous
        }
        return table.withUnsafeBufferPointer { table in
            var crc = initial
            for byte in bytes {
                crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)]
            }
            return crc
        }
    }

    /// Continues `crc` over `bytes`; the table is fetched once, not once a byte.
    static func update(_ crc: UInt16, bytes: UnsafeRawBufferPointer) -> UInt16 {
        table.withUnsafeBufferPointer { table in
            var crc = crc
            for byte in bytes {
                crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)]
            }
            return crc
        }
    }
}
