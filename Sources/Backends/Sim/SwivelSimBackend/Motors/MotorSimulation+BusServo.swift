import SwivelBoard
import SwivelHardware

extension Board.BusServo: SimulatedMotorType {
    /// Simulated on its own chain (the simulated board's byte devices), not in the stand's model.
    static let simulation = MotorSimulation(
        simulatedMotor: { _, _, _ in nil },
        simulatedDevices: { board, clock, onPty in
            board.axes.present.contains { $0.settings.motor.settings is Board.BusServo }
                ? SimulatedBusServoDevices(board: board, clock: clock, onPty: onPty) : nil
        })
}
