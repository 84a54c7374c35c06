/// `motor`: its `type` picks the decoder, which decides which keys are allowed.
extension BoardDecoder {
    /// Every motor type a board may name, one line per type: the one place a
    /// type is listed (its runtime drive is found through its settings type,
    /// `DrivenMotor`). docs/MOTOR-TYPES.md says how to add one.
    static let motorTypes: [MotorDecoding] = [
        MotorDecoding(Board.Stepper.self, keys: BoardKeys.stepper) { $0.decodeStepper($1, limits: $2.limits) },
        MotorDecoding(Board.Servo.self, keys: BoardKeys.servo) { $0.decodeServo($1, limits: $2.limits, continuous: $2.continuous) },
        MotorDecoding(Board.BusServo.self, keys: BoardKeys.busServo) { $0.decodeBusServo($1, limits: $2.limits, continuous: $2.continuous) },
        MotorDecoding(Board.UnipolarStepper.self, keys: BoardKeys.unipolarStepper) { $0.decodeUnipolarStepper($1, limits: $2.limits) },
        MotorDecoding(Board.PCA9685Servo.self, keys: BoardKeys.pca9685Servo) { $0.decodePCA9685Servo($1, limits: $2.limits, continuous: $2.continuous) },
        MotorDecoding(Board.PanTiltHATServo.self, keys: BoardKeys.panTiltHatServo) { $0.decodePanTiltHATServo($1, limits: $2.limits, continuous: $2.continuous) },
    ]

    func decodeMotor(_ axis: ObjectFields, limits: LimitsRead, continuous: Located<Bool>?) -> Board.Motor? {
        guard let member = member(axis, "motor", required: true),
              let motor = asObject(member.value, path: axis.path(of: "motor")) else { return nil }
        let types = Self.motorTypes
        guard let type = choice(motor, "type", options: types.map(\.typeName)),
              let decoding = types.first(where: { $0.typeName == type.value }) else {
            // Without a type only keys no motor kind knows are certainly wrong.
            rejectUnknownKeys(motor, allowed: Array(Set(types.flatMap(\.keys))).sorted().filter { $0 != "type" } + ["type"])
            return nil
        }
        rejectUnknownKeys(motor, allowed: decoding.keys) { key in
            guard let owner = types.first(where: { $0.typeName != type.value && $0.keys.contains(key) }) else { return nil }
            return "\(key) belongs to a \(owner.typeName) motor, and this motor's type is \"\(type.value)\""
        }
        let decoded = decoding.decode(self, motor, MotorDecoding.Context(limits: limits, continuous: continuous))
        if let decoded { noteClaims(of: decoded, path: motor.path, line: motor.line) }
        return decoded
    }
}
