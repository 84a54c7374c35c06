/// IHOLD_IRUN (0x10), datasheet section 5.2: run and hold current scales and the delay between them.
public struct TMC2209HoldRunCurrent: Equatable, Sendable {
    /// Current scale 0...31 at standstill.
    public var ihold: Int
    /// Current scale 0...31 while moving.
    public var irun: Int
    /// 0...15: how gradually the current falls to ihold after standstill (0: at once).
    public var iholdDelay: Int

    public init(ihold: Int, irun: Int, iholdDelay: Int) {
        self.ihold = ihold
        self.irun = irun
        self.iholdDelay = iholdDelay
    }

    public func rawValue() throws(TMC2209SettingError) -> UInt32 {
        try TMC2209SettingError.check("ihold", ihold, 0...31)
        try TMC2209SettingError.check("irun", irun, 0...31)
        try TMC2209SettingError.check("iholddelay", iholdDelay, 0...15)
        return UInt32(ihold) | UInt32(irun) << 8 | UInt32(iholdDelay) << 16
    }
}

/// Motor currents in amperes RMS turned into current scales (datasheet section 9):
/// I_rms = (CS + 1) / 32 × Vfs / (Rsense + 20 mΩ) / √2, so
/// CS = round(32 × √2 × I_rms × (Rsense + 0.02) / Vfs) − 1, with Vfs 0.325 V, or
/// 0.180 V (vsense = 1) when the run current's CS would fall below 16, where
/// the coarse range would waste resolution.
public struct TMC2209CurrentSetting: Equatable, Sendable {
    public let holdRun: TMC2209HoldRunCurrent
    /// CHOPCONF's vsense to write with it.
    public let vsense: Bool

    public static let fullScaleVolts = 0.325
    public static let fullScaleVoltsHighSensitivity = 0.180
    /// The chip's internal resistance added to the sense resistor.
    public static let internalSenseOhms = 0.02
    public static let maximumRMSAmperes = 2.0

    public init(runRMSAmperes: Double, holdRMSAmperes: Double, senseResistorOhms: Double, iholdDelay: Int) throws(TMC2209SettingError) {
        guard runRMSAmperes.isFinite, runRMSAmperes > 0, runRMSAmperes <= Self.maximumRMSAmperes else {
            throw .currentOutOfRange(amperes: runRMSAmperes)
        }
        guard holdRMSAmperes.isFinite, holdRMSAmperes >= 0, holdRMSAmperes <= Self.maximumRMSAmperes else {
            throw .currentOutOfRange(amperes: holdRMSAmperes)
        }
        guard senseResistorOhms.isFinite, senseResistorOhms > 0, senseResistorOhms < 10 else {
            throw .senseResistorOutOfRange(ohms: senseResistorOhms)
        }
        try TMC2209SettingError.check("iholddelay", iholdDelay, 0...15)
        var vsense = false
        if Self.unroundedScale(runRMSAmperes, senseResistorOhms, Self.fullScaleVolts) < 16 {
            vsense = true
        }
        let volts = vsense ? Self.fullScaleVoltsHighSensitivity : Self.fullScaleVolts
        self.vsense = vsense
        self.holdRun = TMC2209HoldRunCurrent(
            ihold: Self.scale(holdRMSAmperes, senseResistorOhms, volts), irun: Self.scale(runRMSAmperes, senseResistorOhms, volts),
            iholdDelay: iholdDelay)
    }

    /// The RMS current a scale gives: what the chip will really drive.
    public static func rmsAmperes(scale: Int, senseResistorOhms: Double, vsense: Bool) -> Double {
        let volts = vsense ? fullScaleVoltsHighSensitivity : fullScaleVolts
        return Double(scale + 1) / 32 * volts / (senseResistorOhms + internalSenseOhms) / 2.0.squareRoot()
    }

    static func unroundedScale(_ amperes: Double, _ ohms: Double, _ volts: Double) -> Double {
        32 * 2.0.squareRoot() * amperes * (ohms + internalSenseOhms) / volts - 1
    }

    /// Clamped to 0...31: below the smallest step the chip drives scale 0, above 31 it cannot go.
    static func scale(_ amperes: Double, _ ohms: Double, _ volts: Double) -> Int {
        Int(min(31, max(0, unroundedScale(amperes, ohms, volts).rounded())))
    }
}
