public import SwivelBoard
public import SwivelHardware

extension Board.PCA9685Servo: DrivenMotor {
    /// A hobby servo on a PCA9685 channel: the tick stores its pulse, the
    /// I2C bus's writer sends it; the chip is set up when the stand starts.
    static let drive = MotorDrive(
        makeActuator: { settings, hardware, _ throws(StandSetupError) in
            let s = try MotorDrive.settings(settings, as: Board.PCA9685Servo.self)
            let place = "PCA9685 channel \(s.channel) at address \(s.address) (decimal) on i2c bus \(s.i2cBus)"
            let codec = try PCA9685ServoDrives.codec(s, place: place)
            let mapping = try ServoDrives.mapping(s, place: place)
            let resource = hardware.motorResources.resource(I2CServoResource.self) { I2CServoResource(hardware) }
            let (slot, bus) = try resource.channel(
                s.channel, bus: s.i2cBus, address: s.address, codec: codec,
                framePeriodNanoseconds: codec.pwm.periodNanoseconds, place: place)
            return I2CServoActuator(mapping: mapping, slot: slot, bus: bus, framePeriodNanoseconds: codec.pwm.periodNanoseconds)
        })
}

/// The chip's codec for a board's settings, checked; public for the simulated
/// backend, whose model decodes the registers the drive's writer fills.
public enum PCA9685ServoDrives {
    public static func codec(_ s: Board.PCA9685Servo, place: String) throws(StandSetupError) -> PCA9685ServoCodec {
        let pwm: PCA9685PWM
        do {
            pwm = try PCA9685PWM(frequencyHertz: s.frequencyHz, oscillatorHertz: s.oscillatorHz)
        } catch {
            throw StandSetupError("\(place): \(error)")
        }
        let codec = PCA9685ServoCodec(pwm: pwm)
        // Both ends of the range must encode, so no pulse the mapping makes is refused in the writer.
        for pulse in [s.minPulseMicroseconds, s.maxPulseMicroseconds] {
            do {
                _ = try pwm.pulseWrite(channel: s.channel, pulseNanoseconds: Int64(pulse) * 1_000)
            } catch {
                throw StandSetupError("\(place): \(error)")
            }
        }
        return codec
    }
}
