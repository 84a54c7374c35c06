/// Whether a battery is charging, in one definition for the stand that reads
/// it, the wire that carries it (BATTERY_STATE's charge byte is the raw value)
/// and the client that shows it.
public enum BatteryChargeState: UInt8, Equatable, Sendable, CustomStringConvertible {
    case notCharging = 0
    case charging = 1
    /// Not a battery that can be charged (a mains or USB supply).
    case notChargeable = 2

    public var description: String {
        switch self {
        case .notCharging: "notCharging"
        case .charging: "charging"
        case .notChargeable: "notChargeable"
        }
    }
}
