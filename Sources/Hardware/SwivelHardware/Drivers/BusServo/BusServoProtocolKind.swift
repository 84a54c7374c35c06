/// The wire protocol a serial servo bus speaks. It only names the choice (for a
/// board file or a driver); the codecs stay separate types because the two
/// protocols share no framing, checksum or sign convention.
public enum BusServoProtocolKind: String, Sendable, CaseIterable {
    /// Feetech STS/SCS: Dynamixel Protocol 1.0 framing, 8-bit checksum, sign-magnitude values.
    case feetech
    /// Dynamixel Protocol 2.0: CRC-16, byte stuffing, two's-complement values.
    case dynamixel
}
