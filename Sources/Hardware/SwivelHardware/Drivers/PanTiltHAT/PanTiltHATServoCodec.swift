/// The Pimoroni Pan-Tilt HAT as an I2C servo controller: channel 1 is servo 1
/// (pan), 2 servo 2 (tilt). Its set-up writes the config with both servos off
/// (and the lights, which Swivel does not drive); a pulse is the servo's
/// 16-bit width, and the config byte, written whole, enables exactly the
/// servos that have one.
public struct PanTiltHATServoCodec: I2CServoChipCodec, Equatable {
    public let codec: PanTiltHATCodec

    /// The widest pulses a board may give (`PanTiltHATServoCodec.pulseRangeMicroseconds`):
    /// each axis's own range is kept by its pulse mapping, so the chip, shared by both, takes any of them.
    public static let pulseRangeMicroseconds = 100...3000

    public init() {
        codec = try! PanTiltHATCodec(panRangeMicroseconds: Self.pulseRangeMicroseconds, tiltRangeMicroseconds: Self.pulseRangeMicroseconds)
    }

    public var setupSequence: [I2CSequenceStep] { [.write(PanTiltHATCodec.configWrite([]))] }

    public func writes(channels: [Int], sent: [Int64], wanted: [Int64]) throws(HardwareError) -> [I2CRegisterWrite] {
        var writes: [I2CRegisterWrite] = []
        var sentConfig = PanTiltHATConfig(), wantedConfig = PanTiltHATConfig(), configKnown = true
        for index in channels.indices {
            guard let servo = PanTiltHATServo(rawValue: channels[index]) else {
                throw HardwareError(.invalidConfiguration, "the Pan-Tilt HAT has servos 1 (pan) and 2 (tilt), not \(channels[index])")
            }
            if sent[index] == I2CServoSlot.unknownPulse { configKnown = false }
            if sent[index] > 0 { sentConfig.insert(.enabled(servo)) }
            if wanted[index] > 0 { wantedConfig.insert(.enabled(servo)) }
            // The width first, so a servo enabled below starts on it and not on a stale one.
            if wanted[index] > 0, wanted[index] != sent[index] {
                do {
                    writes.append(try codec.pulseWrite(servo, pulseNanoseconds: wanted[index]))
                } catch {
                    throw HardwareError(.invalidConfiguration, error.description)
                }
            }
        }
        if !configKnown || sentConfig != wantedConfig { writes.append(PanTiltHATCodec.configWrite(wantedConfig)) }
        return writes
    }

    /// What the HAT puts out on `servo` given its registers: nil while the
    /// servo's enable bit is clear, else its width in ns.
    public static func decodePulseNanoseconds(registers: [UInt8], servo: PanTiltHATServo) -> Int64? {
        guard registers.count >= 256 else { return nil }
        let config = PanTiltHATConfig(rawValue: registers[Int(PanTiltHATRegister.config)])
        guard config.contains(.enabled(servo)) else { return nil }
        let register = Int(servo.register)
        let microseconds = PanTiltHATCodec.decodePulseMicroseconds(low: registers[register], high: registers[register + 1])
        return microseconds > 0 ? Int64(microseconds) * 1_000 : nil
    }
}
