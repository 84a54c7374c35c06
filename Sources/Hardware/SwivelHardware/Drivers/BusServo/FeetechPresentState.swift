/// Decodes `FeetechSTS3215Register.presentStateBlock` (8 bytes from 56).
public enum FeetechPresentState {
    /// `range` is the status packet's `parameterRange` in the buffer it was decoded from.
    public static func decode(
        _ bytes: [UInt8], range: Range<Int>, endianness: FeetechEndianness = .littleEndian
    ) throws(BusServoStateError) -> BusServoState {
        let block = FeetechSTS3215Register.presentStateBlock
        try BusServoStateError.check(range, in: bytes, expectedBytes: Int(block.sizeBytes))
        func offset(_ register: FeetechRegister) -> Int { range.lowerBound + Int(register.address - block.address) }
        func word(_ register: FeetechRegister) -> UInt16 {
            endianness.word(first: bytes[offset(register)], second: bytes[offset(register) + 1])
        }
        return BusServoState(
            positionCounts: FeetechSignMagnitude.decode(word(FeetechSTS3215Register.presentPosition), signBit: .positionAndSpeed),
            velocityCountsPerSecond: FeetechSignMagnitude.decode(word(FeetechSTS3215Register.presentSpeed), signBit: .positionAndSpeed),
            effort: .loadPerMille(FeetechSignMagnitude.decode(word(FeetechSTS3215Register.presentLoad), signBit: .load)),
            voltageDecivolts: UInt16(bytes[offset(FeetechSTS3215Register.presentVoltage)]),
            temperatureCelsius: bytes[offset(FeetechSTS3215Register.presentTemperature)])
    }
}
