/// One SMBus register write as it goes on the wire after the address byte:
/// the register (command) byte, then the data bytes. `write_byte_data`,
/// `write_word_data` (low byte first) and `write_i2c_block_data` all have this
/// shape, so the pure codecs of I2C parts return it and the I/O layer only sends it.
public struct I2CRegisterWrite: Equatable, Sendable, CustomStringConvertible {
    public let register: UInt8
    public let bytes: [UInt8]

    public init(register: UInt8, bytes: [UInt8]) {
        self.register = register
        self.bytes = bytes
    }

    /// The bytes after the address byte: register first.
    public var wireBytes: [UInt8] { [register] + bytes }

    public var description: String {
        wireBytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count < 2 ? "0" + digits : digits
        }.joined(separator: " ")
    }
}

/// A step of an I2C set-up sequence: a write, or a pause the part needs
/// before the next write (the PCA9685's oscillator settling after wake).
public enum I2CSequenceStep: Equatable, Sendable {
    case write(I2CRegisterWrite)
    case pause(microseconds: Int)
}
