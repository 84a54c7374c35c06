/// The AS5600's STATUS register (0x0B): whether the magnet is where the
/// sensor can measure it. Bits from the ams AS5600 datasheet, table 21.
public struct AS5600Status: OptionSet, Equatable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// MH: the magnet is too close (AGC at its minimum).
    public static let magnetTooStrong = AS5600Status(rawValue: 1 << 3)
    /// ML: the magnet is too far (AGC at its maximum).
    public static let magnetTooWeak = AS5600Status(rawValue: 1 << 4)
    /// MD: a magnet is detected.
    public static let magnetDetected = AS5600Status(rawValue: 1 << 5)

    /// An angle worth using: a magnet, neither too weak nor too strong. Outside
    /// that band the angle is noisy or meaningless and would corrupt the turn count.
    public var isUsable: Bool {
        contains(.magnetDetected) && !contains(.magnetTooWeak) && !contains(.magnetTooStrong)
    }

    public var description: String {
        if !contains(.magnetDetected) { return "no magnet detected" }
        if contains(.magnetTooWeak) { return "magnet too weak (too far from the sensor)" }
        if contains(.magnetTooStrong) { return "magnet too strong (too close to the sensor)" }
        return "magnet detected"
    }
}

/// The AS5600's registers the driver reads and the fake device serves.
public enum AS5600Register {
    public static let status: UInt8 = 0x0B
    /// RAW ANGLE, 12 bits: high nibble at 0x0C, low byte at 0x0D.
    public static let rawAngleHigh: UInt8 = 0x0C
    public static let rawAngleLow: UInt8 = 0x0D
    /// ANGLE (RAW ANGLE through the ZPOS/MPOS window), same layout.
    public static let angleHigh: UInt8 = 0x0E
    public static let angleLow: UInt8 = 0x0F
    public static let magnitudeHigh: UInt8 = 0x1B
    public static let magnitudeLow: UInt8 = 0x1C
    /// The AS5600's fixed 7-bit address.
    public static let defaultAddress: UInt8 = 0x36
    /// Counts per sensor turn of RAW ANGLE.
    public static let countsPerTurn: Int64 = 4096
}
