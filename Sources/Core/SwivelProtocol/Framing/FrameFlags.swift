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
