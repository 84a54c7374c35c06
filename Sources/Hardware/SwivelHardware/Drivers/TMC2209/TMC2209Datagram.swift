/// The TMC2209's UART datagrams (datasheet section 4.1): a write is 8 bytes
/// (sync, node, register | 0x80, data big-endian, CRC), a read request 4
/// (sync, node, register, CRC), a read reply 8 (sync, 0xFF, register, data, CRC).
public enum TMC2209Datagram {
    /// Sync nibble 1010 sent LSB first, with the reserved nibble 0: 0x05. The
    /// chip ignores the reserved nibble (tmc-2209-raspberry-pi sends 0x55) but it is in the CRC.
    public static let sync: UInt8 = 0x05
    public static let masterAddress: UInt8 = 0xFF
    public static let writeFlag: UInt8 = 0x80
    public static let writeLength = 8
    public static let readRequestLength = 4
    public static let replyLength = 8
    public static let maximumNode: UInt8 = 3

    public static func write(node: UInt8, register: UInt8, value: UInt32) throws(TMC2209DatagramError) -> [UInt8] {
        try check(node: node, register: register)
        var bytes: [UInt8] = [
            sync, node, register | writeFlag,
            UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
            UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
        ]
        bytes.append(TMC2209CRC.crc8(bytes))
        return bytes
    }

    public static func readRequest(node: UInt8, register: UInt8) throws(TMC2209DatagramError) -> [UInt8] {
        try check(node: node, register: register)
        let bytes: [UInt8] = [sync, node, register]
        return bytes + [TMC2209CRC.crc8(bytes)]
    }

    /// The chip's reply as it builds it: for the model, and for tests.
    public static func reply(register: UInt8, value: UInt32) -> [UInt8] {
        var bytes: [UInt8] = [
            sync, masterAddress, register & 0x7F,
            UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
            UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
        ]
        bytes.append(TMC2209CRC.crc8(bytes))
        return bytes
    }

    /// The register value of a read reply to a request for `register`, or why it is not one.
    /// The bytes are the reply alone: on a one-wire bus the request's echo comes first
    /// and must be dropped by the caller (see `TMC2209Model`).
    public static func decodeReply(_ bytes: [UInt8], register: UInt8) throws(TMC2209DatagramError) -> UInt32 {
        guard bytes.count == replyLength else { throw .wrongLength(expected: replyLength, actual: bytes.count) }
        guard bytes[0] & 0x0F == sync else { throw .badSync(byte: bytes[0]) }
        let crc = TMC2209CRC.crc8(bytes[0..<7])
        guard bytes[7] == crc else { throw .badCRC(expected: crc, actual: bytes[7]) }
        guard bytes[1] == masterAddress else { throw .wrongAddress(expected: masterAddress, actual: bytes[1]) }
        guard bytes[2] == register & 0x7F else { throw .wrongRegister(expected: register & 0x7F, actual: bytes[2]) }
        return value(bytes[3], bytes[4], bytes[5], bytes[6])
    }

    /// A datagram from the master, as the chip reads it.
    public enum Request: Equatable, Sendable {
        case write(node: UInt8, register: UInt8, value: UInt32)
        case read(node: UInt8, register: UInt8)
    }

    /// Parses a whole request (4 bytes for a read, 8 for a write, told apart by the register byte's bit 7).
    public static func decodeRequest(_ bytes: [UInt8]) throws(TMC2209DatagramError) -> Request {
        guard bytes.count >= 3 else { throw .wrongLength(expected: readRequestLength, actual: bytes.count) }
        guard bytes[0] & 0x0F == sync else { throw .badSync(byte: bytes[0]) }
        let isWrite = bytes[2] & writeFlag != 0
        let length = isWrite ? writeLength : readRequestLength
        guard bytes.count == length else { throw .wrongLength(expected: length, actual: bytes.count) }
        let crc = TMC2209CRC.crc8(bytes[0..<(length - 1)])
        guard bytes[length - 1] == crc else { throw .badCRC(expected: crc, actual: bytes[length - 1]) }
        let register = bytes[2] & 0x7F
        return isWrite
            ? .write(node: bytes[1], register: register, value: value(bytes[3], bytes[4], bytes[5], bytes[6]))
            : .read(node: bytes[1], register: register)
    }

    private static func check(node: UInt8, register: UInt8) throws(TMC2209DatagramError) {
        guard node <= maximumNode else { throw .nodeOutOfRange(node: node) }
        guard register < writeFlag else { throw .registerOutOfRange(register: register) }
    }

    private static func value(_ b3: UInt8, _ b2: UInt8, _ b1: UInt8, _ b0: UInt8) -> UInt32 {
        UInt32(b3) << 24 | UInt32(b2) << 16 | UInt32(b1) << 8 | UInt32(b0)
    }
}
