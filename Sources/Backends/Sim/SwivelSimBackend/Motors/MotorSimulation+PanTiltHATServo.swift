import SwivelBoard
import SwivelHardware
import SwivelSim
import SwivelStand

extension Board.PanTiltHATServo: SimulatedMotorType {
    /// The model's servo reads its pulse from a simulated HAT's registers,
    /// which the drive's I2C writer fills as it would the HAT's.
    static let simulation = MotorSimulation(
        simulatedMotor: { settings, physics, axis throws(StandSetupError) in
            let s = try MotorSimulation.settings(settings, as: Board.PanTiltHATServo.self)
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
