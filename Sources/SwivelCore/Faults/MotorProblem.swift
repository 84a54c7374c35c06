/// What a motor that reports on itself (a serial bus servo) said was wrong,
/// in the motion core's terms. Plain values: latching one never allocates.
public enum MotorProblem: Equatable, Sendable, CustomStringConvertible {
    /// Its temperature passed the board's limit.
    case overheated(celsius: Int, limitCelsius: Int)
    /// It flagged an error in its status.
    case overheating
    case overloaded
    case overcurrent
    case supplyVoltage
    case positionSensor
    /// It stopped answering on its bus.
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
