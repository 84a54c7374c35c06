/// The firmware version reported in logs and, later, in the accessory identity.
public enum SwivelVersion {
    public static let string = "0.1.0"
}
