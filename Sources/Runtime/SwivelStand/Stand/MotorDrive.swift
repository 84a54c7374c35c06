import SwivelBoard
import SwivelHardware

/// How the runtime builds one motor type: its actuator on any backend's
/// `StandHardware` (with whatever it shares between axes in
/// `StandHardware.motorResources`). The same drive runs on real lines and on
/// the simulated board; what the simulated backend models for the type is its
/// own (`MotorSimulation` in SwivelSimBackend). A settings type names its drive
/// by conforming to `DrivenMotor` in the type's own file; the board decoder's
/// `BoardDecoder.motorTypes` is the one list of types.
struct MotorDrive: Sendable {
    /// The actuator for the settings on `hardware`; `owner` names the lines it requests.
    let makeActuator: @Sendable (any MotorSettings, StandHardware, _ owner: String) throws(StandSetupError) -> any Actuator

    init(makeActuator: @escaping @Sendable (any MotorSettings, StandHardware, _ owner: String) throws(StandSetupError) -> any Actuator) {
        self.makeActuator = makeActuator
    }

    /// The drive for `motor`'s type. The board decoder admits only types it
    /// lists; one without a drive is reported, not trapped.
    static func entry(for motor: Board.Motor) throws(StandSetupError) -> MotorDrive {
        guard let driven = type(of: motor.settings) as? any DrivenMotor.Type else {
            throw StandSetupError("no drive for motor type \"\(motor.typeName)\": its settings type does not conform to DrivenMotor")
        }
        return driven.drive
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
