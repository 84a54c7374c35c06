extension BoardKeys {
    static let unipolarStepper = ["type", "in1Line", "in2Line", "in3Line", "in4Line", "sequence", "stepsPerRevolution",
                                  "gearRatio", "invertDirection", "maxStepRateHz", "holdMs"]
}

/// A unipolar stepper on four coil lines (28BYJ-48 + ULN2003) and the check
/// that ties it to its axis's speed.
extension BoardDecoder {
    func decodeUnipolarStepper(_ motor: ObjectFields, limits: LimitsRead) -> Board.UnipolarStepper? {
        let lines = ["in1Line", "in2Line", "in3Line", "in4Line"].map { gpioLine(motor, $0, required: true) }
        let sequence = motor.has("sequence")
            ? choice(motor, "sequence", options: Board.UnipolarStepper.Sequence.allCases.map(\.rawValue))
            : Located(value: "half", path: motor.path(of: "sequence"), line: motor.line)
        let stepsPerRevolution = integer(motor, "stepsPerRevolution", in: 1...100_000, default: 32)
        let gearRatio = number(motor, "gearRatio", .gearRatio, default: 63.68395)
        let invertDirection = bool(motor, "invertDirection", default: false)
        // A 28BYJ-48 at 5 V follows about 1000 half-steps a second unloaded; 10 kHz is past any of its kind.
        let maxStepRate = number(motor, "maxStepRateHz", .closed(1, 10_000), default: 800)
        let hold = integer(motor, "holdMs", in: 0...10_000, default: 200)

        var consistent = true
        if let maxSpeed = limits.maxSpeed, let sequence, let kind = Board.UnipolarStepper.Sequence(rawValue: sequence.value),
           let stepsPerRevolution, let gearRatio, let maxStepRate {
            let statesPerStep = kind == .half ? 2 : 1
            let needed = maxSpeed.value * Double(stepsPerRevolution.value * statesPerStep) * gearRatio.value / (2 * Double.pi)
            if needed > maxStepRate.value {
                report(maxSpeed, "\(ValueText.number(maxSpeed.value)) rad/s needs "
                    + "\(Int(needed.rounded(.up))) states/s (\(stepsPerRevolution.value) steps × \(statesPerStep) states "
                    + "× gear \(ValueText.number(gearRatio.value)) per revolution), "
                    + "but \(maxStepRate.path) is \(ValueText.number(maxStepRate.value))")
                consistent = false
            }
        }
        let coilLines = lines.compactMap { $0?.value }
        guard consistent, coilLines.count == 4, let sequence, let kind = Board.UnipolarStepper.Sequence(rawValue: sequence.value),
              let stepsPerRevolution, let gearRatio, let invertDirection, let maxStepRate, let hold else { return nil }
        return Board.UnipolarStepper(
            coilLines: coilLines, sequence: kind, stepsPerRevolution: stepsPerRevolution.value, gearRatio: gearRatio.value,
            invertDirection: invertDirection.value, maxStepRateHz: maxStepRate.value, holdMilliseconds: hold.value)
    }
}
