/// The datagrams' CRC8: polynomial x⁸+x²+x+1 (0x07), initial value 0, each
/// byte fed LSB first (the UART's bit order), over every byte but the CRC
/// itself, sync byte included. A bit-for-bit port of the datasheet's
/// `swuart_calcCRC` (section 4.2).
public enum TMC2209CRC {
    public static func crc8(_ bytes: ArraySlice<UInt8>) -> UInt8 {
        var crc: UInt8 = 0
        for byte in bytes {
            var current = byte
            for _ in 0..<8 {
                if (crc >> 7) ^ (current & 0x01) != 0 {
                    crc = (crc << 1) ^ 0x07
                } else {
                    crc = crc << 1
                }
                current >>= 1
            }
        }
        return crc
    }

    public static func crc8(_ bytes: [UInt8]) -> UInt8 { crc8(bytes[...]) }
}
