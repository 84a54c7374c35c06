/// BATTERY_STATE: one named battery, sent when anything about it changes.
public struct BatteryState: Equatable, Sendable {
    public enum ChargeState: UInt8, Sendable, CustomStringConvertible {
        case notCharging = 0
        case charging = 1
        case notChargeable = 2

        public var description: String {
            switch self {
            case .notCharging: "notCharging"
            case .charging: "charging"
            case .notChargeable: "notChargeable"
            }
        }
    }

    public var name: String
    /// 0...1
    public var level: Double
    public var chargeState: ChargeState
    public var lowBattery: Bool

    public init(name: String, level: Double, chargeState: ChargeState, lowBattery: Bool) {
        self.name = name
        self.level = level
        self.chargeState = chargeState
        self.lowBattery = lowBattery
    }

    static let minimumBytes = 7

    func encode(to w: inout ByteWriter) {
        w.f32(level)
        w.u8(chargeState.rawValue)
        w.bool(lowBattery)
        w.string(name)
    }

    static func decode(from r: inout ByteReader) throws(MessageError) -> BatteryState {
        try r.require(minimumBytes, for: .batteryState)
        let level = r.f32()
        let raw = r.u8()
        guard let state = ChargeState(rawValue: raw) else {
            throw .unknownValue(.batteryState, field: "charge state", value: UInt64(raw))
        }
        let low = r.bool()
        return BatteryState(name: r.string(), level: level, chargeState: state, lowBattery: low)
    }
}
