extension Board {
    /// A hobby servo on one of the Pimoroni Pan-Tilt HAT's two outputs: its
    /// microcontroller (I2C, 0x15) makes the pulses. Pulse width maps
    /// linearly to angle, as for `Servo`; a decreasing angle pair is an inverted servo.
    public struct PanTiltHATServo: Equatable, Sendable {
        /// `/dev/i2c-<i2cBus>`.
        public var i2cBus: Int
        public var address: Int
        /// 1: servo 1 (pan), 2: servo 2 (tilt).
        public var servo: Int
        public var minPulseMicroseconds: Int
        public var maxPulseMicroseconds: Int
        public var angleAtMinPulseRadians: Double
        public var angleAtMaxPulseRadians: Double

        public static let defaultAddress = 0x15
        /// The HAT's servo frame (its microcontroller's, about 50 Hz): how often the writer runs.
        public static let framePeriodMicroseconds = 20_000

        public init(i2cBus: Int, address: Int = defaultAddress, servo: Int, minPulseMicroseconds: Int, maxPulseMicroseconds: Int,
                    angleAtMinPulseRadians: Double, angleAtMaxPulseRadians: Double) {
            self.i2cBus = i2cBus
            self.address = address
            self.servo = servo
            self.minPulseMicroseconds = minPulseMicroseconds
            self.maxPulseMicroseconds = maxPulseMicroseconds
            self.angleAtMinPulseRadians = angleAtMinPulseRadians
            self.angleAtMaxPulseRadians = angleAtMaxPulseRadians
        }

        var servoName: String { servo == 1 ? "servo 1 (pan)" : "servo 2 (tilt)" }
    }
}

extension Board.PanTiltHATServo: MotorSettings {
    public static let typeName = "panTiltHatServo"
    /// A servo knows its angle from its pulse width.
    public var isAbsolute: Bool { true }

    public func maximumStepsPerTick(loopRateHz: Int) -> Int { 0 }

    public var summary: String {
        "\(servoName) of the Pan-Tilt HAT at \(Board.PCA9685Servo.hexByte(address)) on /dev/i2c-\(i2cBus), "
            + "\(minPulseMicroseconds)–\(maxPulseMicroseconds) µs ↔ \(angleAtMinPulseRadians)…\(angleAtMaxPulseRadians) rad"
    }

    /// Its two servos share the HAT; another device type at the address disagrees on the terms and is refused.
    public var claims: [MotorClaim] {
        [
            .shared(Board.PCA9685Servo.i2cAddressClaim(bus: i2cBus, address: address), terms: "a Pimoroni Pan-Tilt HAT"),
            .exclusive("\(servoName) of the Pan-Tilt HAT at \(Board.PCA9685Servo.hexByte(address)) on /dev/i2c-\(i2cBus)"),
        ]
    }
}

extension Board.Motor {
    /// The settings as a `PanTiltHATServo`, when it is one.
    public var panTiltHATServo: Board.PanTiltHATServo? { settings as? Board.PanTiltHATServo }
}
