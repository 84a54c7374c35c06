/// The TMC2209's UART-visible registers (datasheet rev. 1.09, section 5).
public enum TMC2209Register {
    public static let gconf: UInt8 = 0x00
    /// Write 1 to a bit to clear it.
    public static let gstat: UInt8 = 0x01
    /// Counts correctly received write datagrams, modulo 256.
    public static let ifcnt: UInt8 = 0x02
    public static let nodeconf: UInt8 = 0x03
    public static let ioin: UInt8 = 0x06
    public static let iholdIrun: UInt8 = 0x10
    public static let tpowerdown: UInt8 = 0x11
    public static let tstep: UInt8 = 0x12
    public static let tpwmthrs: UInt8 = 0x13
    public static let tcoolthrs: UInt8 = 0x14
    public static let vactual: UInt8 = 0x22
    public static let sgthrs: UInt8 = 0x40
    public static let sgResult: UInt8 = 0x41
    public static let coolconf: UInt8 = 0x42
    public static let mscnt: UInt8 = 0x6A
    public static let chopconf: UInt8 = 0x6C
    public static let drvStatus: UInt8 = 0x6F
    public static let pwmconf: UInt8 = 0x70

    /// Registers a read datagram gets an answer from; the others are write-only.
    public static let readable: Set<UInt8> = [
        gconf, gstat, ifcnt, 0x05, ioin, 0x07, tstep, sgResult, mscnt, 0x6B, chopconf, drvStatus, pwmconf, 0x71, 0x72,
    ]

    /// IOIN bits 31...24: the silicon version the TMC2209 reports.
    public static let version: UInt8 = 0x21
}
