/// The PCA9685 set up for one PWM frequency: the prescale it needs, the
/// writes that set it, and the writes that put a pulse on a channel. Pure:
/// the I/O layer sends what it returns.
public struct PCA9685PWM: Equatable, Sendable {
    public let oscillatorHertz: Int
    public let preScale: UInt8

    /// `frequencyHertz` is what the board asks for (50 Hz for most hobby
    /// servos); the chip runs at `actualFrequencyHertz`, the nearest its prescaler makes.
    public init(frequencyHertz: Double, oscillatorHertz: Int = PCA9685Register.internalOscillatorHertz) throws(PCA9685Error) {
        guard oscillatorHertz > 0, oscillatorHertz <= 50_000_000 else { throw .oscillatorOutOfRange(oscillatorHertz: oscillatorHertz) }
        self.oscillatorHertz = oscillatorHertz
        self.preScale = try Self.preScale(frequencyHertz: frequencyHertz, oscillatorHertz: oscillatorHertz)
    }

    /// prescale = round(osc / (4096 × f)) − 1 (datasheet equation 1).
    public static func preScale(frequencyHertz: Double, oscillatorHertz: Int) throws(PCA9685Error) -> UInt8 {
        let exact = Double(oscillatorHertz) / (Double(PCA9685Register.countsPerPeriod) * frequencyHertz)
        let value = exact.rounded() - 1
        guard frequencyHertz.isFinite, frequencyHertz > 0, value.isFinite,
              value >= Double(PCA9685Register.preScaleRange.lowerBound), value <= Double(PCA9685Register.preScaleRange.upperBound)
        else { throw .frequencyOutOfRange(frequencyHertz: frequencyHertz, preScale: value) }
        return UInt8(value)
    }

    public var actualFrequencyHertz: Double {
        Double(oscillatorHertz) / Double(PCA9685Register.countsPerPeriod * (Int(preScale) + 1))
    }

    /// One period, rounded down to a nanosecond.
    public var periodNanoseconds: Int64 {
        Int64(PCA9685Register.countsPerPeriod) * Int64(Int(preScale) + 1) * 1_000_000_000 / Int64(oscillatorHertz)
    }

    /// The set-up: sleep (the prescaler is only writable asleep; ALLCALL off so
    /// the chip answers its own address only), the prescale, wake, the
    /// oscillator's 500 µs, then RESTART with auto-increment for the channel writes.
    public var setupSequence: [I2CSequenceStep] {
        [
            .write(I2CRegisterWrite(register: PCA9685Register.mode1, bytes: [PCA9685Mode1.sleep.rawValue])),
            .write(I2CRegisterWrite(register: PCA9685Register.preScale, bytes: [preScale])),
            .write(I2CRegisterWrite(register: PCA9685Register.mode1, bytes: [0])),
            .pause(microseconds: PCA9685Register.oscillatorSettleMicroseconds),
            .write(
                I2CRegisterWrite(
                    register: PCA9685Register.mode1, bytes: [PCA9685Mode1([.restart, .autoIncrement]).rawValue])),
        ]
    }

    /// The OFF count of a pulse starting at count 0, to the nearest count of the
    /// actual period: round(pulse × osc / ((prescale + 1) × 10⁹)).
    public func counts(pulseNanoseconds: Int64) throws(PCA9685Error) -> UInt16 {
        let divisor = Int64(Int(preScale) + 1) * 1_000_000_000
        // Bounded before multiplying (no overflow for any Int64 input): a pulse past one period is refused anyway.
        let period = periodNanoseconds
        guard pulseNanoseconds > 0, pulseNanoseconds <= period + 1 else {
            throw .pulseOutOfRange(pulseNanoseconds: pulseNanoseconds, periodNanoseconds: period)
        }
        let counts = (pulseNanoseconds * Int64(oscillatorHertz) + divisor / 2) / divisor
        // ON == OFF would mean no pulse, 4096 does not fit 12 bits: both are refused, not wrapped.
        guard counts >= 1, counts < Int64(PCA9685Register.countsPerPeriod) else {
            throw .pulseOutOfRange(pulseNanoseconds: pulseNanoseconds, periodNanoseconds: period)
        }
        return UInt16(counts)
    }

    /// LEDn_ON_L...LEDn_OFF_H in one auto-increment write: on at count 0, off at the pulse's count.
    public func pulseWrite(channel: Int, pulseNanoseconds: Int64) throws(PCA9685Error) -> I2CRegisterWrite {
        let register = try PCA9685Register.ledOnLow(channel: channel)
        let off = try counts(pulseNanoseconds: pulseNanoseconds)
        return I2CRegisterWrite(register: register, bytes: [0, 0, UInt8(off & 0xFF), UInt8(off >> 8)])
    }

    /// The channel held low: LEDn_OFF_H bit 4 (full OFF) overrides every other
    /// setting, so a disabled servo gets no pulse at all rather than a short one.
    public static func fullyOffWrite(channel: Int) throws(PCA9685Error) -> I2CRegisterWrite {
        let register = try PCA9685Register.ledOnLow(channel: channel)
        return I2CRegisterWrite(register: register, bytes: [0, 0, 0, 0x10])
    }
}
