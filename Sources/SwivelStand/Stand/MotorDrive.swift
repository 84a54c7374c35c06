import SwivelBoard
import SwivelHardware
import SwivelSim

/// How the runtime builds one motor type: its actuator on real or mock
/// hardware, and what the simulated stand's physical model simulates for it.
/// `MotorDrive.table` lists one per type; a new motor type adds one line there.
struct MotorDrive: Sendable {
    let typeName: String
    /// The actuator for the settings on `hardware`; `owner` names the lines it requests.
    let makeActuator: @Sendable (any MotorSettings, StandHardware, _ owner: String) throws(StandSetupError) -> any Actuator
    /// The physical model's motor for it on the simulated board, or nil when
    /// it is simulated elsewhere (a bus servo, on its own simulated bus).
    let simulatedMotor: @Sendable (any MotorSettings, Board.Simulation, _ axis: Axis) throws(StandSetupError) -> SimulatedAxisSpec.Motor?

    /// Every motor type a board may name: one line per type.
    static let table: [MotorDrive] = [.stepper, .servo, .busServo]

    /// The entry for `motor`'s type. The board decoder admits only types of
    /// the table, so a miss is a mismatch between the two lists: reported, not trapped.
    static func entry(for motor: Board.Motor) throws(StandSetupError) -> MotorDrive {
        guard let drive = table.first(where: { $0.typeName == motor.typeName }) else {
            throw StandSetupError("no drive for motor type \"\(motor.typeName)\" (known: "
                + table.map(\.typeName).joined(separator: ", ") + ")")
        }
        return drive
    }

    /// Unwraps the settings a table entry was registered for.
    static func settings<Settings: MotorSettings>(
        _ settings: any MotorSettings, as type: Settings.Type
    ) throws(StandSetupError) -> Settings {
        guard let typed = settings as? Settings else {
            throw StandSetupError("motor settings of type \"\(Swift.type(of: settings).typeName)\" given to the \(Settings.typeName) drive")
        }
        return typed
    }
}
