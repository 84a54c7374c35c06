/// A problem an actuator reports, in the hardware layer's terms; the stand
/// latches it as the axis's motor fault. Plain values: reporting one never
/// allocates.
public enum ActuatorFault: Equatable, Sendable, CustomStringConvertible {
    /// Steps could not be written in time and were dropped (see `StepExecutor`).
    case stepsTooLate(StepLateFault)
    /// A bus servo's temperature passed the board's limit.
    case overheated(celsius: Int, limitCelsius: Int)
    /// A bus servo flagged an error in its status (overload, overheating,
    /// over-current, supply voltage, its position sensor).
    case reportedError(BusServoErrorFlags)
    /// A bus servo stopped answering: this many exchanges in a row got no valid reply.
    case silent(missedExchanges: Int)

    public var description: String {
        switch self {
        case .stepsTooLate(let late): "\(late)"
        case let .overheated(celsius, limit): "the servo is at \(celsius) °C, over its limit of \(limit) °C"
        case .reportedError(let flags): "the servo reports \(flags)"
        case .silent(let missed): "the servo did not answer \(missed) exchanges in a row: check its wiring, ID and baud rate"
        }
    }
}

/// The error bits a bus servo's status carries, in one vocabulary for both
/// protocols (Feetech's error byte; Dynamixel's hardware error status).
public struct BusServoErrorFlags: OptionSet, Equatable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let supplyVoltage = BusServoErrorFlags(rawValue: 1 << 0)
    public static let positionSensor = BusServoErrorFlags(rawValue: 1 << 1)
    public static let overheating = BusServoErrorFlags(rawValue: 1 << 2)
    public static let overcurrent = BusServoErrorFlags(rawValue: 1 << 3)
    public static let overload = BusServoErrorFlags(rawValue: 1 << 5)

    public var description: String {
        let names: [(BusServoErrorFlags, String)] = [
            (.supplyVoltage, "its supply voltage out of range"), (.positionSensor, "a position sensor error"),
            (.overheating, "overheating"), (.overcurrent, "over-current"), (.overload, "an overload"),
        ]
        let present = names.filter { contains($0.0) }.map(\.1)
        return present.isEmpty ? "an error (0x\(String(rawValue, radix: 16)))" : present.joined(separator: ", ")
    }
}
