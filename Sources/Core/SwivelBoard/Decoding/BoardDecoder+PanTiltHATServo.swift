extension BoardKeys {
    static let panTiltHatServo = ["type", "i2cBus", "address", "servo", "minPulseUs", "maxPulseUs", "angleAtMinPulseRad", "angleAtMaxPulseRad"]
}

/// A hobby servo on the Pimoroni Pan-Tilt HAT: servo 1 or 2, a pulse range
/// its 16-bit microsecond registers and the servo's frame hold.
extension BoardDecoder {
    func decodePanTiltHATServo(_ motor: ObjectFields, limits: LimitsRead, continuous: Located<Bool>?) -> Board.PanTiltHATServo? {
        let bus = integer(motor, "i2cBus", in: BoardKeys.i2cBuses)
        let address = integer(motor, "address", in: BoardKeys.i2cAddresses, default: Board.PanTiltHATServo.defaultAddress)
        let servo = integer(motor, "servo", in: 1...2)
        if let bus { noteI2CPins(bus: bus.value, path: motor.path, fileLine: bus.line) }
        guard let pulses = decodeServoPulses(motor, limits: limits, continuous: continuous,
                                             periodMicroseconds: Board.PanTiltHATServo.framePeriodMicroseconds,
                                             periodKey: "the HAT's 50 Hz", pulseRange: 100...3000),
              let bus, let address, let servo else { return nil }
        return Board.PanTiltHATServo(
            i2cBus: bus.value, address: address.value, servo: servo.value, minPulseMicroseconds: pulses.min,
            maxPulseMicroseconds: pulses.max, angleAtMinPulseRadians: pulses.angleAtMin, angleAtMaxPulseRadians: pulses.angleAtMax)
    }
}
