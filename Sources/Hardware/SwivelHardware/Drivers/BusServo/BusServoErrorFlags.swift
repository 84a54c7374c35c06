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

    /// The most telling of the bits, in the shared fault vocabulary; the
    /// servo's own flags stay in this driver.
    public var problem: MotorProblem {
        if contains(.overheating) { return .overheating }
        if contains(.overload) { return .overloaded }
        if contains(.overcurrent) { return .overcurrent }
        if contains(.positionSensor) { return .positionSensor }
        return .supplyVoltage
    }
}
