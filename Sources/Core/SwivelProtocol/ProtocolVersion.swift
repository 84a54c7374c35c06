/// The wire protocol's version, the first byte of every frame's header.
/// A receiver answers a frame of another version with `versionMismatch`;
/// docs/PROTOCOL.md says what may change without bumping it.
public enum ProtocolVersion {
    public static let current: UInt8 = 1
}
