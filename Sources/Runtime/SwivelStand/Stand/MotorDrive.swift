import SwivelBoard
import SwivelHardware
import SwivelSim

/// How the runtime builds one motor type: its actuator on real or mock
/// hardware (with whatever it shares between axes in `StandHardware.motorResources`),
/// what the simulated stand's physical model simulates for it, and what it
/// simulates beside the model. A settings type names its drive by
/// conforming to `DrivenMotor` in the type's own file; the board decoder's
/// `BoardDecoder.motorTypes` is the one list of types.
struct MotorDrive: Sendable {
    /// The actuator for the settings on `hardware`; `owner` names the lines it requests.
    let makeActuator: @Sendable (any MotorSettings, StandHardware, _ owner: String) throws(StandSetupError) -> any Actuator
    /// The physical model's motor for it on the simulated board, or nil when
    /// it is simulated elsewhere (on its own `simulatedDevices`).
    let simulatedMotor: @Sendable (any MotorSettings, Board.Simulation, _ axis: Axis) throws(StandSetupError) -> SimulatedAxisSpec.Motor?
    /// What the simulated board serves for the type's axes beside the model
    /// (a simulated serial chain), once per board; `onPty`: on a pseudo-terminal
    /// (the daemon on the wall clock), not answering at once (virtual time).
    let simulatedDevices: @Sendable (Board, any MonotonicClock, _ onPty: Bool) -> (any SimulatedMotorDevices)?

    init(
        makeActuator: @escaping @Sendable (any MotorSettings, StandHardware, _ owner: String) throws(StandSetupError) -> any Actuator,
        simulatedMotor: @escaping @Sendable (any MotorSettings, Board.Simulation, _ axis: Axis) throws(StandSetupError) -> SimulatedAxisSpec.Motor?,
        simulatedDevices: @escaping @Sendable (Board, any MonotonicClock, _ onPty: Bool) -> (any SimulatedMotorDevices)? = { _, _, _ in nil }
    ) {
        self.makeActuator = makeActuator
        self.simulatedMotor = simulatedMotor
        self.simulatedDevices = simulatedDevices
    }

    /// The drive for `motor`'s type. The board decoder admits only types it
    /// lists; one without a drive is reported, not trapped.
    static func entry(for motor: Board.Motor) throws(StandSetupError) -> MotorDrive {
        guard let driven = type(of: motor.settings) as? any DrivenMotor.Type else {
            throw StandSetupError("no drive for motor type \"\(motor.typeName)\": its settings type does not conform to DrivenMotor")
        }
        return driven.drive
    }

    /// The drives of the motor types on `board`, each once, in axis order.
    static func entries(on board: Board) throws(StandSetupError) -> [MotorDrive] {
        var seen: [String] = []
        var drives: [MotorDrive] = []
        for (_, axis) in board.axes.present where !seen.contains(axis.motor.typeName) {
            seen.append(axis.motor.typeName)
            drives.append(try entry(for: axis.motor))
        }
        return drives
    }

    /// Unwraps the settings a drive was made for.
    static func settings<Settings: MotorSettings>(
        _ settings: any MotorSettings, as type: Settings.Type
    ) throws(StandSetupError) -> Settings {
        guard let typed = settings as? Settings else {
            throw StandSetupError("motor settings of type \"\(Swift.type(of: settings).typeName)\" given to the \(Settings.typeName) drive")
        }
        return typed
    }
}

/// A board's motor settings the runtime can drive. Each type conforms in its
/// own `MotorDrive+<Type>.swift`, so adding a type touches no shared runtime file.
protocol DrivenMotor: MotorSettings {
    static var drive: MotorDrive { get }
}
