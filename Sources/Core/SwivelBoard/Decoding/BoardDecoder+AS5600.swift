/// An AS5600 magnetic angle sensor on I2C, and the check that its sample
/// rate can follow the axis.
extension BoardDecoder {
    func decodeAS5600(_ encoder: ObjectFields, limits: LimitsRead) -> Board.AS5600? {
        let bus = integer(encoder, "i2cBus", in: BoardKeys.i2cBuses)
        let address = integer(encoder, "address", in: BoardKeys.i2cAddresses, default: 0x36)
        let gearRatio = number(encoder, "gearRatio", .gearRatio, default: 1)
        let invert = bool(encoder, "invert", default: false)
        let zeroOffset = number(encoder, "zeroOffsetRad", .oneTurn, default: 0)
        let sampleRate = integer(encoder, "sampleRateHz", in: BoardKeys.as5600SampleRatesHz, default: 1000)
        if let bus, let address {
            i2cUses.append(I2CUse(bus: bus.value, address: address.value, encoderPath: encoder.path,
                                  path: address.path, fileLine: address.line))
            noteI2CPins(bus: bus.value, path: encoder.path, fileLine: bus.line)
        }
        var consistent = true
        if let sampleRate, let gearRatio, let maxSpeed = limits.maxSpeed {
            consistent = checkUnwrapKeepsUp(sampleRate, gearRatio: gearRatio, maxSpeed: maxSpeed)
        }
        guard consistent, let bus, let address, let gearRatio, let invert, let zeroOffset, let sampleRate else {
            return nil
        }
        return Board.AS5600(i2cBus: bus.value, address: address.value, gearRatio: gearRatio.value,
                            invert: invert.value, zeroOffsetRadians: zeroOffset.value, sampleRateHz: sampleRate.value)
    }

    /// Turns are counted from successive readings, which is only right while
    /// the magnet turns less than half a turn between two of them.
    private func checkUnwrapKeepsUp(_ sampleRate: Located<Int>, gearRatio: Located<Double>,
                                    maxSpeed: Located<Double>) -> Bool {
        let magnetRadiansPerSample = maxSpeed.value * gearRatio.value / Double(sampleRate.value)
        guard magnetRadiansPerSample >= Double.pi else { return true }
        let needed = Int((maxSpeed.value * gearRatio.value / Double.pi).rounded(.down)) + 1
        report(sampleRate, "at maxSpeedRadPerSec \(ValueText.number(maxSpeed.value)) and gearRatio "
            + "\(ValueText.number(gearRatio.value)) the magnet turns \(ValueText.rounded(magnetRadiansPerSample)) rad "
            + "between samples; it must turn less than half a turn (π rad) or turns are miscounted: "
            + "use at least \(needed) Hz")
        return false
    }
}
