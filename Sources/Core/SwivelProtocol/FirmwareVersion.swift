/// The firmware's version: what IDENTITY announces and what `swiveld --version`
/// and `swivelctl --version` print. Here, beside the protocol, because the
/// stand and the host tool both need it and share no module above this one.
public enum FirmwareVersion {
    public static let string = "0.1.0"
}
