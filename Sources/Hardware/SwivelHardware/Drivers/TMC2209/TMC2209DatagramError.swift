/// Why a TMC2209 datagram could not be built or was refused. Nothing is sent
/// or changed when it is thrown.
public enum TMC2209DatagramError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Node addresses are 0...3 (MS1_AD0, MS2_AD1); NODECONF can add 4 more in steps the board sets, not this codec.
    case nodeOutOfRange(node: UInt8)
    /// Register addresses are 7 bits: bit 7 is the write flag.
    case registerOutOfRange(register: UInt8)
    case wrongLength(expected: Int, actual: Int)
    /// The low nibble of the first byte is not the sync pattern 0101.
    case badSync(byte: UInt8)
    case badCRC(expected: UInt8, actual: UInt8)
    /// A reply names the master, 0xFF; anything else is not a reply (a request, an echo, noise).
    case wrongAddress(expected: UInt8, actual: UInt8)
    /// A reply for another register than the one asked for.
    case wrongRegister(expected: UInt8, actual: UInt8)

    public var description: String {
        switch self {
        case .nodeOutOfRange(let node): "TMC2209 node address \(node) is outside 0...3"
        case .registerOutOfRange(let register): "TMC2209 register 0x\(String(register, radix: 16)) is not a 7-bit address"
        case .wrongLength(let expected, let actual): "TMC2209 datagram of \(actual) bytes, expected \(expected)"
        case .badSync(let byte): "TMC2209 datagram starts with 0x\(String(byte, radix: 16)), not the sync nibble 0x5"
        case .badCRC(let expected, let actual): "TMC2209 datagram CRC 0x\(String(actual, radix: 16)), expected 0x\(String(expected, radix: 16))"
        case .wrongAddress(let expected, let actual): "TMC2209 reply addressed to 0x\(String(actual, radix: 16)), expected 0x\(String(expected, radix: 16))"
        case .wrongRegister(let expected, let actual):
            "TMC2209 reply for register 0x\(String(actual, radix: 16)), expected 0x\(String(expected, radix: 16))"
        }
    }
}
