import SwivelProtocol

/// The firmware version reported in logs and in the accessory identity.
public enum SwivelVersion {
    public static let string = FirmwareVersion.string
}
