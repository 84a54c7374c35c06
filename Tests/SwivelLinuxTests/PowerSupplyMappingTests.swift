import SwivelHardware
import SwivelLinux
import Testing

/// The table from power_supply files to level, charge state and low battery (docs/RUNTIME.md).
@Suite struct PowerSupplyMappingTests {
    typealias Row = (attributes: PowerSupplyAttributes, reading: BatteryReading)

    static let rows: [Row] = [
        (.init(type: "Battery", capacity: "85", status: "Charging", capacityLevel: "Normal"), .init(level: 0.85, chargeState: .charging, lowBattery: false)),
        (.init(type: "Battery", capacity: "100", status: "Full", capacityLevel: "Full"), .init(level: 1, chargeState: .notCharging, lowBattery: false)),
        (.init(type: "Battery", capacity: "60", status: "Not charging"), .init(level: 0.6, chargeState: .notCharging, lowBattery: false)),
        (.init(type: "Battery", capacity: "21", status: "Discharging"), .init(level: 0.21, chargeState: .notCharging, lowBattery: false)),
        (.init(type: "Battery", capacity: "20", status: "Discharging"), .init(level: 0.2, chargeState: .notCharging, lowBattery: true)),
        // The gauge's own verdict wins even above 20 %.
        (.init(type: "Battery", capacity: "35", status: "Unknown", capacityLevel: "Low"), .init(level: 0.35, chargeState: .notCharging, lowBattery: true)),
        (.init(type: "Battery", capacity: "50", capacityLevel: "Critical"), .init(level: 0.5, chargeState: .notCharging, lowBattery: true)),
        // Charging does not hide a low battery.
        (.init(type: "Battery", capacity: "5", status: "Charging"), .init(level: 0.05, chargeState: .charging, lowBattery: true)),
        // Out-of-range percentages some gauges report are clamped.
        (.init(type: "Battery", capacity: "104"), .init(level: 1, chargeState: .notCharging, lowBattery: false)),
        (.init(type: "Battery", capacity: "-3"), .init(level: 0, chargeState: .notCharging, lowBattery: true)),
        // No percentage: the capacity_level word.
        (.init(type: "Battery", status: "Discharging", capacityLevel: "High"), .init(level: 0.8, chargeState: .notCharging, lowBattery: false)),
        (.init(type: "Battery", capacityLevel: "Low"), .init(level: 0.15, chargeState: .notCharging, lowBattery: true)),
        (.init(type: "UPS", capacity: "70", status: "Charging"), .init(level: 0.7, chargeState: .charging, lowBattery: false)),
        // Supplies that are not batteries.
        (.init(type: "Mains", online: "1"), .init(level: 1, chargeState: .notChargeable, lowBattery: false)),
        (.init(type: "USB", online: "0"), .init(level: 0, chargeState: .notChargeable, lowBattery: false)),
        (.init(type: "USB_PD"), .init(level: 1, chargeState: .notChargeable, lowBattery: false)),
    ]

    @Test(arguments: 0..<rows.count)
    func mapsEachRow(index: Int) throws {
        let row = Self.rows[index]
        #expect(try row.attributes.reading(supply: "BAT0") == row.reading)
    }

    static let broken: [(PowerSupplyAttributes, PowerSupplyError.Kind, String)] = [
        (.init(type: nil, capacity: "50"), .missing, "has no 'type' file"),
        (.init(type: ""), .malformed, "'type' file is empty"),
        (.init(type: "Battery", capacity: "fifty"), .malformed, #"capacity should be a percentage, found "fifty""#),
        (.init(type: "Battery", capacity: "\u{1}\u{2}garbage"), .malformed, #"found "??garbage""#),
        (.init(type: "Battery", capacity: "50", status: "Exploding"), .malformed, #"found "Exploding""#),
        (.init(type: "Battery", capacity: "50", capacityLevel: "Meh"), .malformed, #"capacity_level should be"#),
        (.init(type: "Battery", status: "Charging"), .malformed, "neither a capacity nor a known capacity_level"),
        (.init(type: "Battery", capacityLevel: "Unknown"), .malformed, "neither a capacity nor a known capacity_level"),
        (.init(type: "Mains", online: "2"), .malformed, #"online should be 0 or 1, found "2""#),
    ]

    @Test(arguments: 0..<broken.count)
    func garbageIsATypedError(index: Int) {
        let (attributes, kind, reason) = Self.broken[index]
        #expect {
            try attributes.reading(supply: "BAT0")
        } throws: { error in
            guard let error = error as? PowerSupplyError else { return false }
            return error.kind == kind && error.supply == "BAT0" && error.reason.contains(reason)
        }
    }

    @Test func longGarbageIsShortenedInTheReason() {
        let long = String(repeating: "x", count: 500)
        #expect(throws: PowerSupplyError(.malformed, supply: "BAT0", "capacity should be a percentage, found \"" + String(repeating: "x", count: 32) + "…\"")) {
            try PowerSupplyAttributes(type: "Battery", capacity: long).reading(supply: "BAT0")
        }
    }
}
