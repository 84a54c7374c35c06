import SwivelBoard
import SwivelSim
import SwivelStand

extension Board.Servo: SimulatedMotorType {
    /// The model's servo horn follows the pulse written to its PWM channel.
    static let simulation = MotorSimulation(
        simulatedMotor: { settings, physics, axis throws(StandSetupError) in
            let s = try MotorSimulation.settings(settings, as: Board.Servo.self)
            guard case .hardwarePWM(let pwmChip, let pwmChannel) = s.output else {
                throw StandSetupError("\(axis): the simulated servo is driven through a PWM channel; "
                    + "software PWM (softwarePwmLine) runs only on the gpiod backend")
            }
            return .servo(pwmChip: pwmChip, pwmChannel: pwmChannel, mapping: try ServoDrives.mapping(s, place: "\(axis)"),
                          slewRadiansPerSecond: physics.servoSlewRadiansPerSecond)
        })
}
