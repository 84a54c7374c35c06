public import SwivelHardware

/// The files of one /sys/class/power_supply/<name> directory the stand reads,
/// as text with surrounding whitespace removed; nil for a file that is absent.
/// Turning them into a reading is pure, so every row of the table in
/// docs/RUNTIME.md is tested without a kernel.
public struct PowerSupplyAttributes: Equatable, Sendable {
    public var type: String?
    public var capacity: String?
    public var status: String?
    public var capacityLevel: String?
    public var online: String?

    public init(type: String?, capacity: String? = nil, status: String? = nil, capacityLevel: String? = nil, online: String? = nil) {
        self.type = type
        self.capacity = capacity
        self.status = status
        self.capacityLevel = capacityLevel
        self.online = online
    }

    /// Levels for `capacity_level` when a gauge gives no `capacity` percentage:
    /// the middle of the band each word usually stands for.
    static let levelWords: [String: Double] = ["Full": 1, "High": 0.8, "Normal": 0.5, "Low": 0.15, "Critical": 0.05]

    /// The stand's view of the supply named `supply`.
    ///
    /// - Level: `capacity` / 100 (clamped to 0...1), else the `capacity_level`
    ///   word, else for a mains or USB supply `online` (1 → 1, 0 → 0).
    /// - Charge state: a `type` other than Battery or UPS is `notChargeable`;
    ///   a battery whose `status` is Charging is `charging`, anything the kernel
    ///   writes otherwise (Discharging, Not charging, Full, Unknown, absent) is `notCharging`.
    /// - Low: a battery whose `capacity_level` is Low or Critical, or whose level is at most 0.2.
    public func reading(supply: String) throws(PowerSupplyError) -> BatteryReading {
        guard let type else {
            throw PowerSupplyError(.missing, supply: supply, "has no 'type' file, so it is not a power supply")
        }
        guard !type.isEmpty else {
            throw PowerSupplyError(.malformed, supply: supply, "its 'type' file is empty")
        }
        let isBattery = type == "Battery" || type == "UPS"
        let word = try capacityWord(supply: supply)
        let level: Double
        if let capacity {
            guard let percent = Int(capacity) else {
                throw PowerSupplyError(.malformed, supply: supply, "capacity should be a percentage, found \(Self.quoted(capacity))")
            }
            level = Double(min(max(percent, 0), 100)) / 100
        } else if let word, let fromWord = Self.levelWords[word] {
            level = fromWord
        } else if !isBattery {
            switch online {
            case nil, "1"?: level = 1
            case "0"?: level = 0
            case let other?:
                throw PowerSupplyError(.malformed, supply: supply, "online should be 0 or 1, found \(Self.quoted(other))")
            }
        } else {
            throw PowerSupplyError(.malformed, supply: supply, "a battery with neither a capacity nor a known capacity_level")
        }
        guard isBattery else { return BatteryReading(level: level, chargeState: .notChargeable, lowBattery: false) }
        let charge: BatteryChargeState
        switch status {
        case "Charging"?: charge = .charging
        case nil, "Discharging"?, "Not charging"?, "Full"?, "Unknown"?: charge = .notCharging
        case let other?:
            throw PowerSupplyError(.malformed, supply: supply, "status should be Charging, Discharging, Not charging, Full or Unknown, found \(Self.quoted(other))")
        }
        let low = word == "Low" || word == "Critical" || level <= BatteryReading.lowLevel
        return BatteryReading(level: level, chargeState: charge, lowBattery: low)
    }

    /// The `capacity_level` word, nil when absent or "Unknown".
    private func capacityWord(supply: String) throws(PowerSupplyError) -> String? {
        guard let capacityLevel, capacityLevel != "Unknown" else { return nil }
        guard Self.levelWords[capacityLevel] != nil else {
            throw PowerSupplyError(.malformed, supply: supply, "capacity_level should be Full, High, Normal, Low, Critical or Unknown, found \(Self.quoted(capacityLevel))")
        }
        return capacityLevel
    }

    /// Garbage can be long or binary: show a short, printable prefix.
    static func quoted(_ text: String) -> String {
        let printable = text.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" }
        let shown = String(printable.prefix(32))
        return "\"" + shown + (printable.count > 32 ? "…" : "") + "\""
    }
}
