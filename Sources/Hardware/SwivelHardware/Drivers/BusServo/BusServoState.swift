/// What a bus servo reports each cycle, in the same units whichever protocol it speaks.
public struct BusServoState: Equatable, Sendable {
    /// 4096 counts per turn on both STS3215 and X series.
    public var positionCounts: Int32
    /// STS: the register's step/s as is. Dynamixel: 0.229 rev/min per unit
    /// converted (× 0.229 × 4096 / 60 ≈ 15.633), rounded, clamped to Int32.
    public var velocityCountsPerSecond: Int32
    public var effort: BusServoEffort
    public var voltageDecivolts: UInt16
    public var temperatureCelsius: UInt8

    public init(
        positionCounts: Int32, velocityCountsPerSecond: Int32, effort: BusServoEffort, voltageDecivolts: UInt16,
        temperatureCelsius: UInt8
    ) {
        self.positionCounts = positionCounts
        self.velocityCountsPerSecond = velocityCountsPerSecond
        self.effort = effort
        self.voltageDecivolts = voltageDecivolts
        self.temperatureCelsius = temperatureCelsius
    }
}

/// How hard the motor works, in what the servo measures: a load fraction on
/// STS3215 and XL430, a current on XM430. The two are not convertible without
/// the motor's constants, so the unit stays in the case.
public enum BusServoEffort: Equatable, Sendable {
    /// Signed, ±1000 is full: STS3215 (0.1 % of maximum PWM duty), XL430 (0.1 % of maximum torque).
    case loadPerMille(Int32)
    /// Signed motor current, rounded to the milliampere.
    case currentMilliamps(Int32)
}

/// A present-state block that cannot be decoded: the caller passed the wrong bytes.
public enum BusServoStateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `range` reaches outside the buffer of `count` bytes.
    case rangeOutOfBounds(range: Range<Int>, count: Int)
    case wrongLength(expectedBytes: Int, actualBytes: Int)

    public var description: String {
        switch self {
        case .rangeOutOfBounds(let range, let count): "range \(range) is outside a buffer of \(count) bytes"
        case .wrongLength(let expected, let actual): "present-state block is \(actual) bytes, expected \(expected)"
        }
    }

    static func check(_ range: Range<Int>, in bytes: [UInt8], expectedBytes: Int) throws(BusServoStateError) {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { throw .rangeOutOfBounds(range: range, count: bytes.count) }
        guard range.count == expectedBytes else { throw .wrongLength(expectedBytes: expectedBytes, actualBytes: range.count) }
    }
}
