import SwivelBoard
import SwivelHardware
import SwivelSim
import SwivelStand

/// How the simulated backend simulates one motor type: what the stand's
/// physical model simulates for it, and what it simulates beside the model.
/// The type's actuator is not here: the simulated board is driven by the same
/// `MotorDrive` (in SwivelStand) as real lines, and only the far side of its
/// lines, channels and byte devices is simulated. A settings type names its
/// simulation by conforming to `SimulatedMotorType` in its own
/// `MotorSimulation+<Type>.swift`; the board decoder's `BoardDecoder.motorTypes`
/// stays the one list of types.
struct MotorSimulation: Sendable {
    /// The physical model's motor for it on the simulated board, or nil when
    /// it is simulated elsewhere (on its own `simulatedDevices`).
    let simulatedMotor: @Sendable (any MotorSettings, Board.Simulation, _ axis: Axis) throws(StandSetupError) -> SimulatedAxisSpec.Motor?
    /// What the simulated board serves for the type's axes beside the model
    /// (a simulated serial chain), once per board; `onPty`: on a pseudo-terminal
    /// (the daemon on the wall clock), not answering at once (virtual time).
    let simulatedDevices: @Sendable (Board, any MonotonicClock, _ onPty: Bool) -> (any SimulatedMotorDevices)?

    init(
        simulatedMotor: @escaping @Sendable (any MotorSettings, Board.Simulation, _ axis: Axis) throws(StandSetupError) -> SimulatedAxisSpec.Motor?,
        simulatedDevices: @escaping @Sendable (Board, any MonotonicClock, _ onPty: Bool) -> (any SimulatedMotorDevices)? = { _, _, _ in nil }
    ) {
        self.simulatedMotor = simulatedMotor
        self.simulatedDevices = simulatedDevices
    }

    /// The simulation of `motor`'s type. The board decoder admits only types
    /// it lists; one without a simulation is reported, not trapped.
    static func entry(for motor: Board.Motor) throws(StandSetupError) -> MotorSimulation {
        guard let simulated = type(of: motor.settings) as? any SimulatedMotorType.Type else {
            throw StandSetupError("motor type \"\(motor.typeName)\" has no simulation: its settings type does not conform to SimulatedMotorType")
        }
        return simulated.simulation
    }

    /// The simulations of the motor types on `board`, each once, in axis order.
    static func entries(on board: Board) throws(StandSetupError) -> [MotorSimulation] {
        var seen: [String] = []
        var simulations: [MotorSimulation] = []
        for (_, axis) in board.axes.present where !seen.contains(axis.motor.typeName) {
            seen.append(axis.motor.typeName)
            simulations.append(try entry(for: axis.motor))
        }
        return simulations
    }

    /// Unwraps the settings a simulation was made for.
    static func settings<Settings: MotorSettings>(
        _ settings: any MotorSettings, as type: Settings.Type
    ) throws(StandSetupError) -> Settings {
        guard let typed = settings as? Settings else {
            throw StandSetupError("motor settings of type \"\(Swift.type(of: settings).typeName)\" given to the \(Settings.typeName) simulation")
        }
        return typed
    }
}

/// A board's motor settings the simulated backend can simulate. Each type
/// conforms in its own `MotorSimulation+<Type>.swift`, so adding a type
/// touches no shared file of the backend.
protocol SimulatedMotorType: MotorSettings {
    static var simulation: MotorSimulation { get }
}
