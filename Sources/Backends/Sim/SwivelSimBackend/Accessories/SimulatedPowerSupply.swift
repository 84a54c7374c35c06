public import SwivelBoard
public import SwivelHardware

/// The simulated board's batteries, read like the power_supply class. Levels
/// follow the clock the stand runs on, so a test in virtual time sees a
/// battery drain (or charge) as fast as it advances the clock.
public final class SimulatedPowerSupply: PowerSupplySource {
    public let batteries: [Board.SimulatedBattery]
    private let clock: any MonotonicClock
    private let start: MonotonicInstant
    /// Names a test has pulled out, as a grip battery can be.
    public var removed: Set<String> = []

    public init(batteries: [Board.SimulatedBattery], clock: any MonotonicClock) {
        self.batteries = batteries
        self.clock = clock
        start = clock.now()
    }

    public func read(_ name: String) throws(PowerSupplyError) -> BatteryReading {
        guard let battery = batteries.first(where: { $0.name == name }), !removed.contains(name) else {
            throw PowerSupplyError(.missing, supply: name, "the simulated board has no battery '\(name)' now")
        }
        let hours = Double(clock.now().nanoseconds(since: start)) / 3.6e12
        let rate = battery.charging ? battery.chargePerHour : -battery.drainPerHour
        let level = min(max(battery.startLevel + rate * hours, 0), 1)
        // A charger stops at full, as a real one reports "Full".
        let charge: BatteryChargeState = battery.charging && level < 1 ? .charging : .notCharging
        return BatteryReading(level: level, chargeState: charge, lowBattery: level <= BatteryReading.lowLevel)
    }
}
