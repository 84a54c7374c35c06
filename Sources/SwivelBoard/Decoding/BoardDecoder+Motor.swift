/// `motor`: its `type` decides which keys are allowed.
extension BoardDecoder {
    func decodeMotor(_ axis: ObjectFields, limits: LimitsRead, continuous: Located<Bool>?) -> Board.Motor? {
        guard let member = member(axis, "motor", required: true),
              let motor = asObject(member.value, path: axis.path(of: "motor")) else { return nil }
        guard let type = choice(motor, "type", options: BoardKeys.motorTypes) else {
            // Without a type only keys neither motor kind knows are certainly wrong.
            rejectUnknownKeys(motor, allowed: BoardKeys.stepper + BoardKeys.servo.filter { $0 != "type" })
            return nil
        }
        let isStepper = type.value == "stepper"
        let otherKeys = isStepper ? BoardKeys.servo : BoardKeys.stepper
        let otherType = isStepper ? "servo" : "stepper"
        rejectUnknownKeys(motor, allowed: isStepper ? BoardKeys.stepper : BoardKeys.servo) { key in
            otherKeys.contains(key) ? "\(key) belongs to a \(otherType) motor, and this motor's type is \"\(type.value)\"" : nil
        }
        if isStepper {
            return decodeStepper(motor, limits: limits).map(Board.Motor.stepper)
        }
        return decodeServo(motor, limits: limits, continuous: continuous).map(Board.Motor.servo)
    }
}
