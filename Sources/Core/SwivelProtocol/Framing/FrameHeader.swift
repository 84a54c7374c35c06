/// The first `byteCount` bytes of every decoded frame:
/// version u8, flags u8, sequence u16 little-endian, message id u8.
public struct FrameHeader: Equatable, Sendable {
    public static let byteCount = 5

    /// Passed through by the decoder whatever its value; the session layer
    /// answers a mismatch.
    public var version: UInt8
    public var flags: FrameFlags
    public var sequence: UInt16
    public var messageID: UInt8

    public init(version: UInt8 = ProtocolVersion.current, flags: FrameFlags = [], sequence: UInt16, messageID: UInt8) {
        self.version = version
        self.flags = flags
        self.sequence = sequence
        self.messageID = messageID
    }

    /// Writes the header at `destination`, reserved flag bits cleared.
    func write(to destination: UnsafeMutableRawPointer) {
        destination.storeBytes(of: version, toByteOffset: 0, as: UInt8.self)
        destination.storeBytes(of: flags.intersection(.defined).rawValue, toByteOffset: 1, as: UInt8.self)
        destination.storeBytes(of: UInt8(truncatingIfNeeded: sequence), toByteOffset: 2, as: UInt8.self)
        destination.storeBytes(of: UInt8(truncatingIfNeeded: sequence >> 8), toByteOffset: 3, as: UInt8.self)
        destination.storeBytes(of: messageID, toByteOffset: 4, as: UInt8.self)
    }

    /// Reads a header from `source`, which must hold `byteCount` bytes; reserved
    /// flag bits are ignored.
    init(readingFrom source: UnsafeRawPointer) {
        let low = source.load(fromByteOffset: 2, as: UInt8.self)
        let high = source.load(fromByteOffset: 3, as: UInt8.self)
        self.init(
            version: source.load(fromByteOffset: 0, as: UInt8.self),
            flags: FrameFlags(rawValue: source.load(fromByteOffset: 1, as: UInt8.self)).intersection(.defined),
            sequence: UInt16(low) | UInt16(high) << 8,
            messageID: source.load(fromByteOffset: 4, as: UInt8.self))
    }
}
