/// The writes that drive the Pan-Tilt HAT, for one calibration (pulse range)
/// per servo. Pure: the I/O layer sends what it returns.
public struct PanTiltHATCodec: Equatable, Sendable {
    public let panRangeMicroseconds: ClosedRange<Int>
    public let tiltRangeMicroseconds: ClosedRange<Int>

    public init(
        panRangeMicroseconds: ClosedRange<Int> = PanTiltHATRegister.libraryMinimumPulseMicroseconds...PanTiltHATRegister.libraryMaximumPulseMicroseconds,
        tiltRangeMicroseconds: ClosedRange<Int> = PanTiltHATRegister.libraryMinimumPulseMicroseconds...PanTiltHATRegister.libraryMaximumPulseMicroseconds
    ) throws(PanTiltHATError) {
        for range in [panRangeMicroseconds, tiltRangeMicroseconds] {
            guard range.lowerBound > 0, range.upperBound > range.lowerBound, range.upperBound <= Int(UInt16.max) else {
                throw .invalidPulseRange(minimumMicroseconds: range.lowerBound, maximumMicroseconds: range.upperBound)
            }
        }
        self.panRangeMicroseconds = panRangeMicroseconds
        self.tiltRangeMicroseconds = tiltRangeMicroseconds
    }

    public func range(_ servo: PanTiltHATServo) -> ClosedRange<Int> {
        switch servo {
        case .pan: panRangeMicroseconds
        case .tilt: tiltRangeMicroseconds
        }
    }

    /// The whole config byte: the HAT has no per-bit writes, so the caller
    /// keeps the config and sends it all on each change (as the library does).
    public static func configWrite(_ config: PanTiltHATConfig) -> I2CRegisterWrite {
        I2CRegisterWrite(register: PanTiltHATRegister.config, bytes: [config.rawValue])
    }

    /// The servo's pulse width, rounded to the register's whole microseconds, low byte first.
    /// It only takes effect while the servo's enable bit is set in the config.
    public func pulseWrite(_ servo: PanTiltHATServo, pulseNanoseconds: Int64) throws(PanTiltHATError) -> I2CRegisterWrite {
        let range = range(servo)
        // Compared in nanoseconds first, so no input overflows the rounding below.
        guard pulseNanoseconds >= Int64(range.lowerBound) * 1000 - 500, pulseNanoseconds < Int64(range.upperBound) * 1000 + 500 else {
            throw .pulseOutOfRange(pulseNanoseconds: pulseNanoseconds, minimumMicroseconds: range.lowerBound, maximumMicroseconds: range.upperBound)
        }
        let microseconds = UInt16((pulseNanoseconds + 500) / 1000)
        return I2CRegisterWrite(register: servo.register, bytes: [UInt8(microseconds & 0xFF), UInt8(microseconds >> 8)])
    }

    /// The pulse the library sends for `degrees` (its `_servo_degrees_to_us`):
    /// min + ⌊(max − min) / 180 × (degrees + 90)⌋ µs. The stand maps its own
    /// angles through its pulse mapping and rounds; this is for the comparison.
    public func libraryPulseMicroseconds(_ servo: PanTiltHATServo, degrees: Double) throws(PanTiltHATError) -> Int {
        guard degrees.isFinite, degrees >= -90, degrees <= 90 else { throw .angleOutOfRange(degrees: degrees) }
        let range = range(servo)
        let span = Double(range.upperBound - range.lowerBound)
        return range.lowerBound + Int(span / 180.0 * (degrees + 90))
    }

    /// The pulse read back from a servo register (read_word_data, low byte first).
    public static func decodePulseMicroseconds(low: UInt8, high: UInt8) -> Int {
        Int(low) | Int(high) << 8
    }
}
