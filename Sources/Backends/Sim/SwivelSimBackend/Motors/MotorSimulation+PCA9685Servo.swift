import SwivelBoard
import SwivelHardware
import SwivelSim
import SwivelStand

extension Board.PCA9685Servo: SimulatedMotorType {
    /// The model's servo reads its pulse from a simulated PCA9685's registers,
    /// which the drive's I2C writer fills as it would the chip's.
    static let simulation = MotorSimulation(
        simulatedMotor: { settings, physics, axis throws(StandSetupError) in
            let s = try MotorSimulation.settings(settings, as: Board.PCA9685Servo.self)
            let place = "\(axis)"
            let codec = try PCA9685ServoDrives.codec(s, place: place)
            let oscillator = s.oscillatorHz
            let channel = s.channel
            let registers = InMemoryI2CRegisterFile(initial: PCA9685ServoCodec.powerOnRegisters, accepts: PCA9685ServoCodec.acceptsWrite)
            return .i2cServo(SimulatedI2CServoSpec(
                i2cBus: s.i2cBus, i2cAddress: UInt8(truncatingIfNeeded: s.address), registers: registers,
                output: "PCA9685 channel \(channel)", framePeriodNanoseconds: codec.pwm.periodNanoseconds,
                mapping: try ServoDrives.mapping(s, place: place),
                slewRadiansPerSecond: physics.servoSlewRadiansPerSecond
            ) { registers in
                PCA9685ServoCodec.decodePulseNanoseconds(registers: registers, channel: channel, oscillatorHertz: oscillator)
            })
        })
}
