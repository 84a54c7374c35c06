/// `batteries` (power_supply directories on a gpiod board) and
/// `simulation.batteries` (the simulated board's model).
extension BoardDecoder {
    func decodeBatteries(_ root: ObjectFields, backend: Board.Backend?) -> [Board.Battery]? {
        if backend == .simulated, let member = root.member("batteries") {
            report(root.path(of: "batteries"), line: member.keyPosition.line,
                   "a simulated board has no power_supply class to read: list its batteries in simulation.batteries")
            return nil
        }
        guard let objects = objectList(root, "batteries", of: "batteries", allowed: BoardKeys.battery) else { return nil }
        var batteries: [Board.Battery] = []
        var allValid = true
        var names: [String: String] = [:]
        var supplies: [String: String] = [:]
        for object in objects {
            guard let object else {
                allValid = false
                continue
            }
            let name = string(object, "name", lengths: BoardKeys.accessoryNameLengths)
            let unique = uniqueName(name, seen: &names, what: "battery name")
            let supply = powerSupplyName(object)
            let distinct = uniqueName(supply, seen: &supplies, what: "power supply")
            guard unique, distinct, let name, let supply else {
                allValid = false
                continue
            }
            batteries.append(Board.Battery(name: name.value, powerSupply: supply.value))
        }
        return allValid ? batteries : nil
    }

    /// A directory name under /sys/class/power_supply, never a path.
    private func powerSupplyName(_ object: ObjectFields) -> Located<String>? {
        guard let supply = string(object, "powerSupply", lengths: 1...64) else { return nil }
        let text = supply.value
        guard text != ".", text != "..", !text.contains("/"),
              !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
            report(supply, "expected the name of a directory in /sys/class/power_supply such as \"BAT0\", "
                + "found \(ValueText.quoted(text))")
            return nil
        }
        return supply
    }

    func decodeSimulatedBatteries(_ simulation: ObjectFields) -> [Board.SimulatedBattery]? {
        guard let objects = objectList(simulation, "batteries", of: "simulated batteries",
                                       allowed: BoardKeys.simulatedBattery) else { return nil }
        var batteries: [Board.SimulatedBattery] = []
        var allValid = true
        var names: [String: String] = [:]
        for object in objects {
            guard let object else {
                allValid = false
                continue
            }
            let name = string(object, "name", lengths: BoardKeys.accessoryNameLengths)
            let unique = uniqueName(name, seen: &names, what: "battery name")
            let start = number(object, "startLevel", .closed(0, 1))
            let drain = number(object, "drainPerHour", .closed(0, 100), default: 0)
            let charging = bool(object, "charging", default: false)
            let charge = number(object, "chargePerHour", .closed(0, 100), default: 0)
            guard unique, let name, let start, let drain, let charging, let charge else {
                allValid = false
                continue
            }
            batteries.append(Board.SimulatedBattery(
                name: name.value, startLevel: start.value, drainPerHour: drain.value, charging: charging.value,
                chargePerHour: charge.value))
        }
        return allValid ? batteries : nil
    }
}
