import SwivelBoard
import SwivelHardware
import SwivelSim

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
        },
        simulatedMotor: { settings, physics, axis throws(StandSetupError) in
            let s = try MotorDrive.settings(settings, as: Board.PanTiltHATServo.self)
            guard let servo = PanTiltHATServo(rawValue: s.servo) else {
                throw StandSetupError("\(axis): the Pan-Tilt HAT has servos 1 and 2, not \(s.servo)")
            }
            return .i2cServo(SimulatedI2CServoSpec(
                i2cBus: s.i2cBus, i2cAddress: UInt8(truncatingIfNeeded: s.address),
                // The library's setup() state: servos off, lights on in WS2812 mode.
                registers: InMemoryI2CRegisterFile(initial: [PanTiltHATConfig.libraryDefault.rawValue]),
                output: "Pan-Tilt HAT servo \(s.servo)",
                framePeriodNanoseconds: Int64(Board.PanTiltHATServo.framePeriodMicroseconds) * 1_000,
                mapping: try ServoDrives.mapping(s, place: "\(axis)"),
                slewRadiansPerSecond: physics.servoSlewRadiansPerSecond
            ) { registers in
                PanTiltHATServoCodec.decodePulseNanoseconds(registers: registers, servo: servo)
            })
        })
}

extension Board.PanTiltHATServo {
    var servoLabel: String { servo == 1 ? "servo 1 (pan)" : "servo 2 (tilt)" }
}
