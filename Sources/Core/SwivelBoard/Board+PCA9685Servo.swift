extension Board {
    /// A hobby servo on one channel of a PCA9685 16-channel PWM chip on I2C
    /// (the Waveshare Pan-Tilt HAT, Adafruit's servo boards): pulse width
    /// maps linearly to angle, as for `Servo`; a decreasing angle pair is an
    /// inverted servo.
    public struct PCA9685Servo: Equatable, Sendable {
        /// `/dev/i2c-<i2cBus>`.
        public var i2cBus: Int
        public var address: Int
        /// 0...15.
        public var channel: Int
        /// The servo frame rate the chip's prescaler is set for.
        public var frequencyHz: Double
        /// The chip's oscillator: 25 MHz nominal; a calibrated board gives its measured value.
        public var oscillatorHz: Int
        public var minPulseMicroseconds: Int
        public var maxPulseMicroseconds: Int
        public var angleAtMinPulseRadians: Double
        public var angleAtMaxPulseRadians: Double

        public static let defaultAddress = 0x40
        public static let defaultFrequencyHz = 50.0
        public static let defaultOscillatorHz = 25_000_000

        public init(i2cBus: Int, address: Int = defaultAddress, channel: Int, frequencyHz: Double = defaultFrequencyHz,
                    oscillatorHz: Int = defaultOscillatorHz, minPulseMicroseconds: Int, maxPulseMicroseconds: Int,
                    angleAtMinPulseRadians: Double, angleAtMaxPulseRadians: Double) {
            self.i2cBus = i2cBus
            self.address = address
            self.channel = channel
            self.frequencyHz = frequencyHz
            self.oscillatorHz = oscillatorHz
            self.minPulseMicroseconds = minPulseMicroseconds
            self.maxPulseMicroseconds = maxPulseMicroseconds
            self.angleAtMinPulseRadians = angleAtMinPulseRadians
            self.angleAtMaxPulseRadians = angleAtMaxPulseRadians
        }

        /// "the I2C address 0x40 on /dev/i2c-1": what every device type at an address claims.
        public static func i2cAddressClaim(bus: Int, address: Int) -> String {
            "I2C address \(hexByte(address)) on /dev/i2c-\(bus)"
        }

        static func hexByte(_ value: Int) -> String {
            let digits = String(value, radix: 16)
            return "0x" + (digits.count < 2 ? "0" + digits : digits)
        }
    }
}

extension Board.PCA9685Servo: MotorSettings {
    public static let typeName = "pca9685Servo"
    /// A servo knows its angle from its pulse width.
    public var isAbsolute: Bool { true }

    public func maximumStepsPerTick(loopRateHz: Int) -> Int { 0 }

    public var summary: String {
        "servo on PCA9685 channel \(channel) at \(Self.hexByte(address)) on /dev/i2c-\(i2cBus), "
            + "\(minPulseMicroseconds)–\(maxPulseMicroseconds) µs at \(frequencyHz) Hz ↔ "
            + "\(angleAtMinPulseRadians)…\(angleAtMaxPulseRadians) rad"
    }

    /// Several servos share a chip when they agree on its frame rate and
    /// oscillator; a channel is one servo's; another device type at the
    /// address disagrees on the terms and is refused.
    public var claims: [MotorClaim] {
        [
            .shared(Self.i2cAddressClaim(bus: i2cBus, address: address),
                    terms: "a PCA9685 at \(frequencyHz) Hz, oscillator \(oscillatorHz) Hz"),
            .exclusive("channel \(channel) of the PCA9685 at \(Self.hexByte(address)) on /dev/i2c-\(i2cBus)"),
        ]
    }
}

extension Board.Motor {
    /// The settings as a `PCA9685Servo`, when it is one.
    public var pca9685Servo: Board.PCA9685Servo? { settings as? Board.PCA9685Servo }
}
