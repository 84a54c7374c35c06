/// One battery as the stand reports it to hosts, whatever it was read from
/// (the Linux power_supply class, or the simulated board's model).
public struct BatteryReading: Equatable, Sendable {
    /// 0...1
    public var level: Double
    public var chargeState: BatteryChargeState
    public var lowBattery: Bool

    public init(level: Double, chargeState: BatteryChargeState, lowBattery: Bool) {
        self.level = level
        self.chargeState = chargeState
        self.lowBattery = lowBattery
    }

    /// At or below this level a battery is low, whatever its driver says.
    public static let lowLevel = 0.2
}

/// Where battery readings come from. Polled off the real-time thread (about
/// once a second): reads may do I/O and allocate.
public protocol PowerSupplySource: AnyObject {
    /// The supply named `name` now (a sysfs directory such as "BAT0", or a
    /// simulated battery's name), or why it cannot be read.
    func read(_ name: String) throws(PowerSupplyError) -> BatteryReading
}
