/// What an actuator reports wrong with its motor, in one vocabulary for every
/// motor type and from the actuator to the wire: each type turns its own
/// status (a bus servo's error flags, a driver's diagnostics, its step
/// thread's lateness) into one of these, so nothing shared names a type's
/// flags; the stand latches it as `AxisFault.motor`. Plain values: latching
/// one never allocates.
public enum MotorProblem: Equatable, Sendable, CustomStringConvertible {
    /// Its steps could not be written in time and were dropped (see
    /// `StepExecutor`): one would have gone out `latenessSeconds` after its
    /// planned instant, past the stand's tolerance. Nothing mechanical is
    /// wrong; the motor missed those steps.
    case stepsTooLate(latenessSeconds: Seconds)
    /// Its temperature passed the board's limit.
    case overheated(celsius: Int, limitCelsius: Int)
    /// It flagged an error in its status.
    case overheating
    case overloaded
    case overcurrent
    case supplyVoltage
    case positionSensor
    /// It stopped answering on its bus or link.
    case silent(missedExchanges: Int)
    /// A coil output touches ground (a chafed wire against the frame): the driver switched its bridges off.
    case shortToGround(coil: MotorCoil)
    /// A coil output touches the motor supply: the driver switched its bridges off.
    case shortToSupply(coil: MotorCoil)
    /// Its driver was reset (its logic supply dipped) and lost the settings it was given at start.
    case lostSettings
    /// Its controller's bus refused transfer after transfer (an I2C servo
    /// board unplugged, unpowered or at another address; a noisy bus).
    case busTransfersFailed(consecutive: Int, cause: BusFailureCause)

    public var description: String {
        switch self {
        case .stepsTooLate(let lateness): "its \(Self.lateSteps(lateness))"
        case let .overheated(celsius, limit): "it is at \(celsius) °C, over its limit of \(limit) °C"
        case .overheating: "it reports overheating"
        case .overloaded: "it reports an overload"
        case .overcurrent: "it reports over-current"
        case .supplyVoltage: "it reports its supply voltage out of range"
        case .positionSensor: "it reports a position sensor error"
        case .silent(let missed): "it did not answer \(missed) exchanges in a row (check its wiring, ID and baud rate)"
        case .shortToGround(let coil): "it reports a short to ground on coil \(coil.rawValue) (check the motor wires)"
        case .shortToSupply(let coil): "it reports a short to the motor supply on coil \(coil.rawValue) (check the motor wires)"
        case .lostSettings: "its driver was reset and lost its settings (check the driver's logic supply, then restart swiveld to set it up again)"
        case let .busTransfersFailed(count, cause): "its last \(count) bus transfers failed: \(cause)"
        }
    }

    /// Said of the motor here and of the axis in `AxisFault`, in the same words.
    static func lateSteps(_ latenessSeconds: Seconds) -> String {
        "steps could not be written in time (one would have been \(AxisFault.format(latenessSeconds * 1000)) ms late): "
            + "they were dropped, so the motor missed them; the loop or the step thread was held up"
    }
}

/// Why a motor controller's bus transfers failed, from the system's error
/// (I2C: EREMOTEIO/ENXIO no acknowledgement, EIO/ETIMEDOUT a bus error).
public enum BusFailureCause: Equatable, Sendable, CustomStringConvertible {
    /// Nothing acknowledged the address.
    case noAnswer
    /// The transfer started but failed (a bus error, a timeout, lost arbitration).
    case transferFailed
    /// The adapter refused the transfer or the device could not be used.
    case refused

    public var description: String {
        switch self {
        case .noAnswer: "nothing acknowledged its address (check the board's power, SDA/SCL wiring and address)"
        case .transferFailed: "the transfers failed on the bus (check SDA/SCL wiring, pull-ups and cable length)"
        case .refused: "the bus adapter refused the transfers"
        }
    }
}

/// One of a two-phase stepper's coils, as its driver names them.
public enum MotorCoil: String, Equatable, Sendable {
    case a = "A"
    case b = "B"
}
