/// What register 126 holds: the X series share the address but not the quantity.
public enum DynamixelEffortRegister: Equatable, Sendable {
    /// Present Load, 0.1 % per unit (XL430).
    case load
    /// Present Current; the XM430's unit is 2690 µA (`xm430Current`).
    case current(microampsPerUnit: Int32)

    public static let xm430Current = DynamixelEffortRegister.current(microampsPerUnit: 2690)
}

/// Decodes `DynamixelXRegister.presentStateBlock` (21 bytes from 126).
public enum DynamixelPresentState {
    /// 0.229 rev/min × 4096 counts/rev ÷ 60 s/min = 937 984 / 60 000 counts/s per unit.
    static let velocityNumerator: Int64 = 937_984
    static let velocityDenominator: Int64 = 60_000

    /// `range` is `0..<status.parameterCount` of the buffer the decoder unstuffed into.
    public static func decode(
        _ bytes: [UInt8], range: Range<Int>, effortRegister: DynamixelEffortRegister = .load
    ) throws(BusServoStateError) -> BusServoState {
        let block = DynamixelXRegister.presentStateBlock
        try BusServoStateError.check(range, in: bytes, expectedBytes: Int(block.sizeBytes))
        func offset(_ register: DynamixelRegister) -> Int { range.lowerBound + Int(register.address - block.address) }
        func unsigned(_ register: DynamixelRegister) -> UInt32 {
            var value: UInt32 = 0
            for index in 0..<Int(register.sizeBytes) { value |= UInt32(bytes[offset(register) + index]) << UInt32(index * 8) }
            return value
        }
        let rawLoad = Int16(truncatingIfNeeded: unsigned(DynamixelXRegister.presentLoad))
        let rawVelocity = Int32(bitPattern: unsigned(DynamixelXRegister.presentVelocity))
        let effort: BusServoEffort =
            switch effortRegister {
            case .load: .loadPerMille(Int32(rawLoad))
            case .current(let microampsPerUnit): .currentMilliamps(Int32(clamping: roundedQuotient(Int64(rawLoad) * Int64(microampsPerUnit), 1000)))
            }
        return BusServoState(
            positionCounts: Int32(bitPattern: unsigned(DynamixelXRegister.presentPosition)),
            // A valid packet may claim ±2³¹ units, 15.6 times what Int32 holds in counts/s: clamp, never trap.
            velocityCountsPerSecond: Int32(clamping: roundedQuotient(Int64(rawVelocity) * velocityNumerator, velocityDenominator)),
            effort: effort,
            voltageDecivolts: UInt16(truncatingIfNeeded: unsigned(DynamixelXRegister.presentInputVoltage)),
            temperatureCelsius: UInt8(truncatingIfNeeded: unsigned(DynamixelXRegister.presentTemperature)))
    }

    /// Halves away from zero. The operands are far inside Int64: |value| < 2⁶³ / 2.
    static func roundedQuotient(_ value: Int64, _ divisor: Int64) -> Int64 {
        let half = divisor / 2
        return value >= 0 ? (value + half) / divisor : (value - half) / divisor
    }
}
