/// CHOPCONF (0x6C), datasheet section 5.5: chopper timing, sense range, microsteps.
public struct TMC2209ChopperConfig: Equatable, Sendable {
    /// Off time, 0...15; 0 disables the driver's bridges (a disabled motor), 1 needs tbl ≥ 2.
    public var toff: Int
    /// Hysteresis start, 0...7 (adds 1...8 to hend).
    public var hstrt: Int
    /// Hysteresis end, the register's 0...15 (−3...12 in the datasheet's terms).
    public var hend: Int
    /// Blank time 0...3: 16, 24, 32, 40 clocks.
    public var tbl: Int
    /// High sensitivity, low sense voltage (0.180 V full scale instead of 0.325 V).
    public var vsense: Bool
    /// 1, 2, 4 ... 256.
    public var microsteps: Int
    /// Interpolate to 256 microsteps.
    public var intpol: Bool
    /// Step on both edges of STEP.
    public var dedge: Bool
    /// Disable short-to-ground and short-to-supply protection: never set by Swivel, decoded for completeness.
    public var diss2g: Bool
    public var diss2vs: Bool

    public init(
        toff: Int = 3, hstrt: Int = 5, hend: Int = 0, tbl: Int = 2, vsense: Bool = false, microsteps: Int = 16,
        intpol: Bool = true, dedge: Bool = false, diss2g: Bool = false, diss2vs: Bool = false
    ) {
        self.toff = toff
        self.hstrt = hstrt
        self.hend = hend
        self.tbl = tbl
        self.vsense = vsense
        self.microsteps = microsteps
        self.intpol = intpol
        self.dedge = dedge
        self.diss2g = diss2g
        self.diss2vs = diss2vs
    }

    /// MRES: 0 for 256 microsteps down to 8 for full steps.
    public static func mres(microsteps: Int) throws(TMC2209SettingError) -> UInt32 {
        guard microsteps >= 1, microsteps <= 256, microsteps & (microsteps - 1) == 0 else {
            throw .microstepsNotPowerOfTwo(microsteps: microsteps)
        }
        return UInt32(8 - microsteps.trailingZeroBitCount)
    }

    public func rawValue() throws(TMC2209SettingError) -> UInt32 {
        try TMC2209SettingError.check("toff", toff, 0...15)
        try TMC2209SettingError.check("hstrt", hstrt, 0...7)
        try TMC2209SettingError.check("hend", hend, 0...15)
        try TMC2209SettingError.check("tbl", tbl, 0...3)
        let mres = try Self.mres(microsteps: microsteps)
        var value = UInt32(toff) | UInt32(hstrt) << 4 | UInt32(hend) << 7 | UInt32(tbl) << 15
        if vsense { value |= 1 << 17 }
        value |= mres << 24
        if intpol { value |= 1 << 28 }
        if dedge { value |= 1 << 29 }
        if diss2g { value |= 1 << 30 }
        if diss2vs { value |= 1 << 31 }
        return value
    }

    /// A CHOPCONF read back from the chip.
    public init(rawValue value: UInt32) {
        self.init(
            toff: Int(value & 0xF), hstrt: Int(value >> 4 & 0x7), hend: Int(value >> 7 & 0xF), tbl: Int(value >> 15 & 0x3),
            vsense: value & 1 << 17 != 0, microsteps: 256 >> min(8, Int(value >> 24 & 0xF)), intpol: value & 1 << 28 != 0,
            dedge: value & 1 << 29 != 0, diss2g: value & 1 << 30 != 0, diss2vs: value & 1 << 31 != 0)
    }

    /// The power-on value (0x10000053): toff 3, hstrt 5, hend 0, tbl 0, 256 microsteps, intpol.
    public static let powerOnRawValue: UInt32 = 0x1000_0053
}
