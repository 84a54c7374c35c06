#if os(Linux)
import Glibc
import SwivelHardware
import SwivelLinux
import Testing

/// The reader against a temporary power_supply tree: files as the kernel
/// writes them, files missing, garbage, and supplies that come and go.
@Suite struct SysfsPowerSupplyTests {
    static func tree() throws -> TemporaryTree {
        let tree = try TemporaryTree("swivel-power")
        try tree.makeDirectory("BAT0")
        try tree.write("BAT0/type", "Battery\n")
        try tree.write("BAT0/capacity", "76\n")
        try tree.write("BAT0/status", "Discharging\n")
        try tree.write("BAT0/capacity_level", "Normal\n")
        try tree.makeDirectory("AC")
        try tree.write("AC/type", "Mains\n")
        try tree.write("AC/online", "1\n")
        return tree
    }

    @Test func readsABatteryAndAMainsSupply() throws {
        let tree = try Self.tree()
        let supplies = SysfsPowerSupply(root: tree.path)
        #expect(try supplies.attributes(of: "BAT0") == PowerSupplyAttributes(
            type: "Battery", capacity: "76", status: "Discharging", capacityLevel: "Normal", online: nil))
        #expect(try supplies.read("BAT0") == BatteryReading(level: 0.76, chargeState: .notCharging, lowBattery: false))
        #expect(try supplies.read("AC") == BatteryReading(level: 1, chargeState: .notChargeable, lowBattery: false))
        try tree.write("BAT0/status", "Charging\n")
        try tree.write("BAT0/capacity", "12\n")
        #expect(try supplies.read("BAT0") == BatteryReading(level: 0.12, chargeState: .charging, lowBattery: true))
    }

    @Test func missingFilesFallBackAsTheTableSays() throws {
        let tree = try TemporaryTree("swivel-power")
        try tree.makeDirectory("cw2015-battery")
        try tree.write("cw2015-battery/type", "Battery")
        try tree.write("cw2015-battery/capacity_level", "Critical\n")
        #expect(try SysfsPowerSupply(root: tree.path).read("cw2015-battery")
            == BatteryReading(level: 0.05, chargeState: .notCharging, lowBattery: true))
    }

    @Test func garbageIsMalformedNotACrash() throws {
        let tree = try Self.tree()
        let supplies = SysfsPowerSupply(root: tree.path)
        for garbage in ["", "seventy\n", "\u{0}\u{7f}\u{1b}[2J", String(repeating: "9", count: 300)] {
            try tree.write("BAT0/capacity", garbage)
            #expect(throws: PowerSupplyError.self) { try supplies.read("BAT0") }
            do throws(PowerSupplyError) {
                _ = try supplies.read("BAT0")
            } catch {
                #expect(error.kind == .malformed)
                #expect(error.description.hasPrefix("power supply 'BAT0': capacity should be a percentage"))
            }
        }
    }

    @Test func aSupplyThatIsNotThereIsMissing() throws {
        let tree = try Self.tree()
        let supplies = SysfsPowerSupply(root: tree.path)
        #expect(throws: PowerSupplyError(.missing, supply: "BAT1", "\(tree.path)/BAT1 does not exist (not present, or removed)")) {
            try supplies.read("BAT1")
        }
        try tree.write("stray", "not a directory")
        #expect(throws: PowerSupplyError(.missing, supply: "stray", "\(tree.path)/stray is not a directory")) {
            try supplies.read("stray")
        }
        for bad in ["", "..", "BAT0/../AC"] {
            #expect(throws: PowerSupplyError.self) { try supplies.read(bad) }
        }
    }

    @Test func aBatteryThatVanishesAndReturnsIsReadAgain() throws {
        let tree = try Self.tree()
        let supplies = SysfsPowerSupply(root: tree.path)
        #expect(try supplies.read("BAT0").level == 0.76)
        #expect(rename(tree.url("BAT0"), tree.url("gone")) == 0)
        do throws(PowerSupplyError) {
            _ = try supplies.read("BAT0")
            Issue.record("a removed battery was read")
        } catch {
            #expect(error.kind == .missing)
        }
        #expect(rename(tree.url("gone"), tree.url("BAT0")) == 0)
        #expect(try supplies.read("BAT0").level == 0.76)
    }

    @Test func anUnreadableFileIsUnreadable() throws {
        let tree = try Self.tree()
        try tree.chmod("BAT0/capacity", 0o000)
        try #require(UnprivilegedFileAccess.isReadDenied(tree.url("BAT0/capacity")))
        let supplies = SysfsPowerSupply(root: tree.path)
        let result = UnprivilegedFileAccess.run { () -> PowerSupplyError? in
            do throws(PowerSupplyError) {
                _ = try supplies.read("BAT0")
                return nil
            } catch {
                return error
            }
        }
        #expect(result?.kind == .unreadable)
        #expect(result?.reason.contains("cannot read \(tree.path)/BAT0/capacity: Permission denied") == true)
    }
}
#endif
