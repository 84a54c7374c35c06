/// GCONF (0x00), datasheet section 5.1.
public struct TMC2209GlobalConfig: OptionSet, Equatable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Set: VREF scales the current; clear: the internal reference, so IRUN/IHOLD alone set it.
    public static let iScaleAnalog = TMC2209GlobalConfig(rawValue: 1 << 0)
    public static let internalRsense = TMC2209GlobalConfig(rawValue: 1 << 1)
    /// Set: SpreadCycle; clear: StealthChop (up to TPWMTHRS).
    public static let enSpreadCycle = TMC2209GlobalConfig(rawValue: 1 << 2)
    public static let shaft = TMC2209GlobalConfig(rawValue: 1 << 3)
    public static let indexOTPW = TMC2209GlobalConfig(rawValue: 1 << 4)
    public static let indexStep = TMC2209GlobalConfig(rawValue: 1 << 5)
    /// Must be set when the UART is used: otherwise PDN_UART doubles as the standstill power-down input.
    public static let pdnDisable = TMC2209GlobalConfig(rawValue: 1 << 6)
    /// Set: MRES in CHOPCONF picks the microsteps; clear: the MS1/MS2 pins do (which are the node address).
    public static let mstepRegSelect = TMC2209GlobalConfig(rawValue: 1 << 7)
    /// Software pulse filtering of STEP against jitter (power-on default 1).
    public static let multistepFilt = TMC2209GlobalConfig(rawValue: 1 << 8)

    /// The power-on value with the default OTP: analog current scale, step filter.
    public static let powerOn: TMC2209GlobalConfig = [.iScaleAnalog, .multistepFilt]
    /// What a UART-driven stand writes: UART owns PDN and MRES, the internal
    /// current reference, StealthChop, step filtering.
    public static let uartStealthChop: TMC2209GlobalConfig = [.pdnDisable, .mstepRegSelect, .multistepFilt]
}
