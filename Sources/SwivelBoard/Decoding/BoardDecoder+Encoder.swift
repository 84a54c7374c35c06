/// An optional quadrature encoder on two GPIO lines.
extension BoardDecoder {
    func decodeEncoder(_ axis: ObjectFields) -> Board.Encoder? {
        guard let encoder = object(axis, "encoder", allowed: BoardKeys.encoder, required: true) else { return nil }
        let type = choice(encoder, "type", options: ["quadrature"])
        let lineA = gpioLine(encoder, "aLine", required: true)
        let lineB = gpioLine(encoder, "bLine", required: true)
        let counts = integer(encoder, "countsPerRevolution", in: 4...10_000_000)
        let invert = bool(encoder, "invert", default: false)
        guard type != nil, let lineA, let lineB, let counts, let invert else { return nil }
        return .quadrature(Board.Quadrature(lineA: lineA.value, lineB: lineB.value,
                                            countsPerRevolution: counts.value, invert: invert.value))
    }
}
