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
