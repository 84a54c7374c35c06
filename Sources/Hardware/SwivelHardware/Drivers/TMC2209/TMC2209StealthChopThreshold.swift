/// TPWMTHRS (0x13) and TSTEP (0x12), datasheet section 5.2. TSTEP is the time
/// between two 1/256 microsteps in clocks; StealthChop runs while
/// TSTEP ≥ TPWMTHRS, so the threshold is the TSTEP of the fastest StealthChop rate.
public enum TMC2209StealthChopThreshold {
    /// The internal clock, 12 MHz nominal.
    public static let internalClockHertz = 12_000_000.0
    public static let maximumRegisterValue: UInt32 = (1 << 20) - 1
    /// 0: no switch to SpreadCycle at any speed (StealthChop throughout, when GCONF selects it).
    public static let stealthChopAtAllSpeeds: UInt32 = 0

    /// TSTEP at `stepsPerSecond` STEP pulses with `microsteps` per full step:
    /// ⌊f_clk × microsteps / (256 × f_step)⌋.
    public static func tstep(stepsPerSecond: Double, microsteps: Int, clockHertz: Double = internalClockHertz) throws(TMC2209SettingError) -> UInt32 {
        _ = try TMC2209ChopperConfig.mres(microsteps: microsteps)
        guard stepsPerSecond.isFinite, stepsPerSecond > 0 else { throw .rateOutOfRange(hertz: stepsPerSecond) }
        guard clockHertz.isFinite, clockHertz > 0 else { throw .rateOutOfRange(hertz: clockHertz) }
        let value = (clockHertz * Double(microsteps) / (256 * stepsPerSecond)).rounded(.down)
        // Below one clock the chip cannot measure; above 20 bits TSTEP saturates: neither is a usable threshold.
        guard value >= 1, value <= Double(maximumRegisterValue) else { throw .rateOutOfRange(hertz: stepsPerSecond) }
        return UInt32(value)
    }

    /// The TPWMTHRS that keeps StealthChop up to `stepsPerSecond` (inclusive) and SpreadCycle above it.
    public static func registerValue(stealthChopUpToStepsPerSecond stepsPerSecond: Double, microsteps: Int, clockHertz: Double = internalClockHertz)
        throws(TMC2209SettingError) -> UInt32
    {
        try tstep(stepsPerSecond: stepsPerSecond, microsteps: microsteps, clockHertz: clockHertz)
    }
}
