/// An optional encoder: its `type` decides which keys are allowed.
extension BoardDecoder {
    func decodeEncoder(_ axis: ObjectFields, limits: LimitsRead) -> Board.Encoder? {
        guard let member = member(axis, "encoder", required: true),
              let encoder = asObject(member.value, path: axis.path(of: "encoder")) else { return nil }
        guard let type = choice(encoder, "type", options: BoardKeys.encoderTypes) else {
            // Without a type only keys neither encoder kind knows are certainly wrong.
            rejectUnknownKeys(encoder, allowed: BoardKeys.quadrature + BoardKeys.as5600.filter { $0 != "type" })
            return nil
        }
        let isQuadrature = type.value == "quadrature"
        let otherKeys = isQuadrature ? BoardKeys.as5600 : BoardKeys.quadrature
        let otherKind = isQuadrature ? "an as5600" : "a quadrature"
        rejectUnknownKeys(encoder, allowed: isQuadrature ? BoardKeys.quadrature : BoardKeys.as5600) { key in
            otherKeys.contains(key) ? "\(key) belongs to \(otherKind) encoder, and this encoder's type is \"\(type.value)\"" : nil
        }
        if isQuadrature {
            return decodeQuadrature(encoder).map(Board.Encoder.quadrature)
        }
        return decodeAS5600(encoder, limits: limits).map(Board.Encoder.as5600)
    }

    private func decodeQuadrature(_ encoder: ObjectFields) -> Board.Quadrature? {
        let lineA = gpioLine(encoder, "aLine", required: true)
        let lineB = gpioLine(encoder, "bLine", required: true)
        let counts = integer(encoder, "countsPerRevolution", in: 4...10_000_000)
        let invert = bool(encoder, "invert", default: false)
        guard let lineA, let lineB, let counts, let invert else { return nil }
        return Board.Quadrature(lineA: lineA.value, lineB: lineB.value,
                                countsPerRevolution: counts.value, invert: invert.value)
    }
}
