/// A serial bus servo (`type: "busServo"`) and the checks that tie it to its axis.
extension BoardKeys {
    static let busServo = ["type", "protocol", "device", "baud", "id", "countsPerRevolution", "gearRatio",
                           "zeroCounts", "invert", "maxTemperatureC", "updateRateHz"]
}

extension BoardDecoder {

    func decodeBusServo(_ motor: ObjectFields, limits: LimitsRead, continuous: Located<Bool>?) -> Board.BusServo? {
        let kind = choice(motor, "protocol", options: Board.BusServo.Family.allCases.map(\.rawValue))
        let device = serialDevice(motor, example: "/dev/serial0")
        if let device { noteUARTPins(device: device.value, path: motor.path, fileLine: device.line) }
        let baud = integer(motor, "baud", oneOf: BoardKeys.bauds)
        let id = integer(motor, "id", in: 0...252)
        let counts = integer(motor, "countsPerRevolution", in: 256...1_048_576, default: 4096)
        let gearRatio = number(motor, "gearRatio", .gearRatio, default: 1)
        let zero = integer(motor, "zeroCounts", in: 0...1_048_575, default: 2048)
        let invert = bool(motor, "invert", default: false)
        let temperature = integer(motor, "maxTemperatureC", in: 30...100, default: 70)
        let rate = integer(motor, "updateRateHz", in: 10...500, default: 100)

        var consistent = true
        if let continuous, continuous.value {
            report(continuous, "a bus servo axis cannot be continuous: in position mode the servo turns through one turn")
            consistent = false
        }
        guard let kindText = kind, let kindValue = Board.BusServo.Family(rawValue: kindText.value), let device,
              let baud, let id, let counts, let gearRatio, let zero, let invert, let temperature, let rate else { return nil }
        if zero.value >= counts.value {
            report(zero, "must be below countsPerRevolution (\(counts.value)), found \(zero.value)")
            consistent = false
        }
        let servo = Board.BusServo(
            protocolKind: kindValue, device: device.value, baud: baud.value, id: id.value,
            countsPerRevolution: counts.value, gearRatio: gearRatio.value, zeroCounts: zero.value, invert: invert.value,
            maxTemperatureCelsius: temperature.value, updateRateHz: rate.value)
        consistent = checkRangeInsideCounts(limits, servo) && consistent
        return consistent ? servo : nil
    }

    /// In position mode the servo's goal is 0…countsPerRevolution − 1: the
    /// axis's range must map inside it.
    private func checkRangeInsideCounts(_ limits: LimitsRead, _ servo: Board.BusServo) -> Bool {
        let top = Double(servo.countsPerRevolution - 1)
        let span = "0...\(servo.countsPerRevolution - 1) counts (zeroCounts \(servo.zeroCounts), "
            + "\(ValueText.number((abs(servo.countsPerRadian) * 1000).rounded() / 1000)) counts/rad)"
        var inside = true
        for end in [limits.minimum, limits.maximum].compactMap({ $0 }) {
            let counts = servo.counts(atRadians: end.value)
            if counts < 0 || counts > top {
                report(end, "\(ValueText.number(end.value)) rad is count \(ValueText.number(counts.rounded())), "
                    + "outside the servo's goal range \(span)")
                inside = false
            }
        }
        return inside
    }
}
