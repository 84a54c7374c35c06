/// The CRC of Dynamixel Protocol 2.0: CRC-16/BUYPASS (polynomial 0x8005,
/// initial 0, not reflected, no final XOR; "123456789" gives 0xFEE8). It covers
/// every byte from the header to the last (stuffed) parameter.
public enum DynamixelCRC {
    static let polynomial: UInt16 = 0x8005

    /// The register after shifting each byte value through, MSB first: one
    /// lookup per byte instead of eight conditional shifts. The same 256
    /// entries as dynamixel_sdk's `crc_table` (the tests hold the SDK's copy).
    public static let table: [UInt16] = (0..<256).map { value in
        var crc = UInt16(value) << 8
        for _ in 0..<8 {
            crc = crc & 0x8000 != 0 ? (crc << 1) ^ polynomial : crc << 1
        }
        return crc
    }

    public static func update(_ crc: UInt16, byte: UInt8) -> UInt16 {
        (crc << 8) ^ table[Int(UInt8(truncatingIfNeeded: crc >> 8) ^ byte)]
    }

    /// A range reaching outside `bytes` is clipped, never trapped on.
    public static func checksum(_ bytes: [UInt8], in range: Range<Int>) -> UInt16 {
        table.withUnsafeBufferPointer { table in
            var crc: UInt16 = 0
            for index in range.clamped(to: bytes.indices) {
                crc = (crc << 8) ^ table[Int(UInt8(truncatingIfNeeded: crc >> 8) ^ bytes[index])]
            }
            return crc
        }
    }

    public static func checksum(_ bytes: [UInt8]) -> UInt16 { checksum(bytes, in: bytes.indices) }
}
