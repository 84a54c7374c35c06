/// DRV_STATUS (0x6F), datasheet section 5.5: temperature flags, bridge
/// faults, the actual current scale and the chopper mode.
public struct TMC2209DriverStatus: Equatable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    private func bit(_ index: UInt32) -> Bool { rawValue >> index & 1 != 0 }

    /// Over-temperature pre-warning (120 °C class): still driving.
    public var otpw: Bool { bit(0) }
    /// Over-temperature (150 °C class): the driver is off until it cools and is re-enabled.
    public var ot: Bool { bit(1) }
    public var s2ga: Bool { bit(2) }
    public var s2gb: Bool { bit(3) }
    /// Short across phase A's low-side MOSFET (short to supply).
    public var s2vsa: Bool { bit(4) }
    public var s2vsb: Bool { bit(5) }
    /// Open load: only meaningful in SpreadCycle while moving slowly; informational.
    public var ola: Bool { bit(6) }
    public var olb: Bool { bit(7) }
    public var t120: Bool { bit(8) }
    public var t143: Bool { bit(9) }
    public var t150: Bool { bit(10) }
    public var t157: Bool { bit(11) }
    /// The current scale in use (IRUN, IHOLD, or CoolStep's reduction of them).
    public var csActual: Int { Int(rawValue >> 16 & 0x1F) }
    /// The chopper is in StealthChop.
    public var stealth: Bool { bit(30) }
    /// No STEP pulse for 2^20 clocks.
    public var stst: Bool { bit(31) }

    /// The faults the flags report, most severe first.
    public var faults: [TMC2209DriverFault] {
        var faults: [TMC2209DriverFault] = []
        if ot { faults.append(.overTemperature) }
        if s2ga { faults.append(.shortToGround(.a)) }
        if s2gb { faults.append(.shortToGround(.b)) }
        if s2vsa { faults.append(.shortToSupply(.a)) }
        if s2vsb { faults.append(.shortToSupply(.b)) }
        if otpw { faults.append(.overTemperatureWarning) }
        if ola { faults.append(.openLoad(.a)) }
        if olb { faults.append(.openLoad(.b)) }
        return faults
    }

    /// The chip has switched its bridges off: the axis is not driven whatever is commanded.
    public var isDriverShutDown: Bool { faults.contains(where: \.shutsDownDriver) }
}

public enum TMC2209Phase: String, Equatable, Sendable {
    case a = "A"
    case b = "B"
}

/// A reason from DRV_STATUS, for the actuator's fault.
public enum TMC2209DriverFault: Equatable, Sendable, CustomStringConvertible {
    case overTemperature
    case overTemperatureWarning
    case shortToGround(TMC2209Phase)
    /// A short across a low-side MOSFET: the phase output touches the motor supply.
    case shortToSupply(TMC2209Phase)
    case openLoad(TMC2209Phase)

    /// The chip latches these and switches its bridges off; the others are warnings.
    public var shutsDownDriver: Bool {
        switch self {
        case .overTemperature, .shortToGround, .shortToSupply: true
        case .overTemperatureWarning, .openLoad: false
        }
    }

    public var description: String {
        switch self {
        case .overTemperature: "TMC2209 over-temperature shutdown"
        case .overTemperatureWarning: "TMC2209 over-temperature pre-warning"
        case .shortToGround(let phase): "TMC2209 short to ground on phase \(phase.rawValue)"
        case .shortToSupply(let phase): "TMC2209 short to supply on phase \(phase.rawValue)"
        case .openLoad(let phase): "TMC2209 open load on phase \(phase.rawValue) (motor wire disconnected?)"
        }
    }
}

/// GSTAT (0x01): latched global flags, cleared by writing 1 to them.
public struct TMC2209GlobalStatus: OptionSet, Equatable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The chip has been reset (power-on included) since GSTAT was cleared: its registers are back at their defaults.
    public static let reset = TMC2209GlobalStatus(rawValue: 1 << 0)
    /// The driver was shut down by over-temperature or a short.
    public static let driverError = TMC2209GlobalStatus(rawValue: 1 << 1)
    /// Charge-pump undervoltage: the driver is disabled.
    public static let chargePumpUndervoltage = TMC2209GlobalStatus(rawValue: 1 << 2)
}
