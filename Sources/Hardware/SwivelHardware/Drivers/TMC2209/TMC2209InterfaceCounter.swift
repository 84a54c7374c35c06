/// IFCNT (0x02): an 8-bit count of correctly received write datagrams. It is
/// the only acknowledgement a write gets, so a driver reads it before and after
/// writing: the difference, modulo 256, is the writes the chip took.
public enum TMC2209InterfaceCounter {
    /// The counter in an IFCNT read (bits 7...0; the rest read 0).
    public static func count(registerValue: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: registerValue) }

    /// Writes the chip counted between two reads, across the wrap from 255 to 0.
    public static func writesCounted(before: UInt8, after: UInt8) -> Int { Int(after &- before) }

    /// True when exactly the writes sent were counted: fewer means one was lost
    /// (bad CRC on the line, wrong node), more means someone else wrote too.
    public static func isConfirmed(before: UInt8, after: UInt8, writesSent: Int = 1) -> Bool {
        writesCounted(before: before, after: after) == writesSent
    }
}
