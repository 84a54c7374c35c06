import SwivelBoard
import SwivelSim
import SwivelStand

extension Board.Stepper: SimulatedMotorType {
    /// The model turns the rotor under the STEP, DIR and ENABLE lines; the
    /// drivers' UART (TMC2209) is simulated beside it.
    static let simulation = MotorSimulation(
        simulatedMotor: { settings, physics, _ throws(StandSetupError) in
            let s = try MotorSimulation.settings(settings, as: Board.Stepper.self)
            return .stepper(
                stepLine: s.stepLine, directionLine: s.directionLine, enableLine: s.enableLine,
                enableActiveLow: s.enableActiveLow, microstepsPerRadian: s.microstepsPerRadian,
                invertDirection: s.invertDirection, naturalFrequencyHz: physics.stepperNaturalFrequencyHz,
                dampingRatio: physics.stepperDampingRatio, electricalPeriodMicrosteps: 4 * s.microsteps)
        },
        simulatedDevices: { board, clock, onPty in
            SimulatedTMC2209Devices.uarts(on: board).isEmpty ? nil : SimulatedTMC2209Devices(board: board, clock: clock, onPty: onPty)
        })
}
