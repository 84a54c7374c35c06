// The frame's layout on the wire (docs/PROTOCOL.md §2): its version, sizes, flags and header.

/// The wire protocol's version, the first byte of every frame's header.
/// A receiver answers a frame of another version with `versionMismatch`;
/// docs/PROTOCOL.md says what may change without bumping it.
public enum ProtocolVersion {
    public static let current: UInt8 = 1
}

/// Sizes fixed by the wire format (docs/PROTOCOL.md).
public enum FrameLimits {
    /// Header, payload and checksum, before COBS.
    public static let maximumDecodedBytes = 1024
    public static let checksumBytes = 2
    public static let minimumDecodedBytes = FrameHeader.byteCount + checksumBytes
    public static let maximumPayloadBytes = maximumDecodedBytes - minimumDecodedBytes
    /// The COBS encoding of the largest frame plus its 0x00 delimiter: what a
    /// receive buffer must hold.
    public static let maximumEncodedBytes = COBS.maximumEncodedLength(forDecodedLength: maximumDecodedBytes) + 1
}

/// The header's flags byte. Bits 1...7 are reserved: the encoder sends them as
/// 0 and the decoder clears them, so a later protocol may use them without a
/// version bump.
public struct FrameFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The frame repeats one sent before (same sequence number).
    public static let retransmission = FrameFlags(rawValue: 1 << 0)

    /// Every flag this protocol version defines.
    static let defined: FrameFlags = [.retransmission]
}

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
