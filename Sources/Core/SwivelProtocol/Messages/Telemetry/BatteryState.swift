public import SwivelVocabulary

/// BATTERY_STATE: one named battery, sent when anything about it changes.
public struct BatteryState: Equatable, Sendable {
    public var name: String
    /// 0...1
    public var level: Double
    public var chargeState: BatteryChargeState
    public var lowBattery: Bool

    public init(name: String, level: Double, chargeState: BatteryChargeState, lowBattery: Bool) {
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
        guard let state = BatteryChargeState(rawValue: raw) else {
            throw .unknownValue(.batteryState, field: "charge state", value: UInt64(raw))
        }
        let low = r.bool()
        return BatteryState(name: r.string(), level: level, chargeState: state, lowBattery: low)
    }
}
