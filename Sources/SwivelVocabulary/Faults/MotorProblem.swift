/// What a motor that reports on itself said was wrong, in one vocabulary for
/// every motor type: each type turns its own status (a bus servo's error
/// flags, a driver's diagnostics) into one of these, so nothing shared names
/// a type's flags. Plain values: latching one never allocates.
public enum MotorProblem: Equatable, Sendable, CustomStringConvertible {
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

    public var description: String {
        switch self {
        case let .overheated(celsius, limit): "it is at \(celsius) °C, over its limit of \(limit) °C"
        case .overheating: "it reports overheating"
        case .overloaded: "it reports an overload"
        case .overcurrent: "it reports over-current"
        case .supplyVoltage: "it reports its supply voltage out of range"
        case .positionSensor: "it reports a position sensor error"
        case .silent(let missed): "it did not answer \(missed) exchanges in a row (check its wiring, ID and baud rate)"
        }
    }
}
