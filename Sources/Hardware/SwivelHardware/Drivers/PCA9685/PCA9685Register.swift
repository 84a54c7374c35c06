/// The NXP PCA9685's registers and MODE1 bits that a servo driver uses
/// (datasheet rev. 4, section 7.3).
public enum PCA9685Register {
    public static let mode1: UInt8 = 0x00
    public static let mode2: UInt8 = 0x01
    /// LED0_ON_L; channel n's four registers (ON_L, ON_H, OFF_L, OFF_H) start at 0x06 + 4n.
    public static let led0OnLow: UInt8 = 0x06
    public static let preScale: UInt8 = 0xFE
    /// The address with A0...A5 tied low (Adafruit's and most clones' default).
    public static let defaultAddress: UInt8 = 0x40
    public static let channelCount = 16
    /// The internal oscillator: 25 MHz nominal (it varies by a few percent from chip to chip).
    public static let internalOscillatorHertz = 25_000_000
    /// One PWM period in counts (12 bits).
    public static let countsPerPeriod = 4096
    /// The prescaler's hardware range: the chip forces values below 3 up to 3.
    public static let preScaleRange: ClosedRange<Int> = 3...255
    /// The oscillator needs 500 µs after SLEEP is cleared before RESTART may be set.
    public static let oscillatorSettleMicroseconds = 500

    /// The register of channel `channel`'s LEDn_ON_L.
    public static func ledOnLow(channel: Int) throws(PCA9685Error) -> UInt8 {
        guard (0..<channelCount).contains(channel) else { throw .channelOutOfRange(channel: channel) }
        return led0OnLow + UInt8(4 * channel)
    }
}

/// MODE1 bits (datasheet table 5).
public struct PCA9685Mode1: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let allCall = PCA9685Mode1(rawValue: 1 << 0)
    public static let sleep = PCA9685Mode1(rawValue: 1 << 4)
    /// AI: the register pointer increments after each byte, so one transaction writes a channel's four registers.
    public static let autoIncrement = PCA9685Mode1(rawValue: 1 << 5)
    /// Written 1 to restart the PWM channels after sleep, once the oscillator has settled.
    public static let restart = PCA9685Mode1(rawValue: 1 << 7)
}
