import SwivelBoard
import SwivelSim
import SwivelStand

extension Board.UnipolarStepper: SimulatedMotorType {
    /// The model steps the rotor by half steps as the four coil lines change.
    static let simulation = MotorSimulation(
        simulatedMotor: { settings, physics, _ throws(StandSetupError) in
            let s = try MotorSimulation.settings(settings, as: Board.UnipolarStepper.self)
            return SimulatedAxisSpec.Motor(SimulatedUnipolarStepperSpec(
                coilLines: s.coilLines,
                halfStepsPerRadian: Double(s.stepsPerRevolution * 2) * s.gearRatio / (2 * Double.pi),
                naturalFrequencyHz: physics.stepperNaturalFrequencyHz, dampingRatio: physics.stepperDampingRatio))
        })
}
