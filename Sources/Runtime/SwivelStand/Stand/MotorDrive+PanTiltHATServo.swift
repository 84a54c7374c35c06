import SwivelBoard
import SwivelHardware

extension Board.PanTiltHATServo: DrivenMotor {
    /// A hobby servo on the Pimoroni Pan-Tilt HAT: the tick stores its pulse,
    /// the I2C bus's writer sends it and the config byte that enables it.
    static let drive = MotorDrive(
        makeActuator: { settings, hardware, _ throws(StandSetupError) in
            let s = try MotorDrive.settings(settings, as: Board.PanTiltHATServo.self)
            let place = "Pan-Tilt HAT \(s.servoLabel) at address \(s.address) (decimal) on i2c bus \(s.i2cBus)"
            let mapping = try ServoDrives.mapping(s, place: place)
            let resource = hardware.motorResources.resource(I2CServoResource.self) { I2CServoResource(hardware) }
            let (slot, bus) = try resource.channel(
                s.servo, bus: s.i2cBus, address: s.address, codec: PanTiltHATServoCodec(),
                framePeriodNanoseconds: Int64(Board.PanTiltHATServo.framePeriodMicroseconds) * 1_000, place: place)
            return I2CServoActuator(
                mapping: mapping, slot: slot, bus: bus,
                framePeriodNanoseconds: Int64(Board.PanTiltHATServo.framePeriodMicroseconds) * 1_000)
        })
}

extension Board.PanTiltHATServo {
    var servoLabel: String { servo == 1 ? "servo 1 (pan)" : "servo 2 (tilt)" }
}
