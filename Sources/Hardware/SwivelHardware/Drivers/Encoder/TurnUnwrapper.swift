/// Turns successive readings of an absolute angle (0 ..< countsPerTurn) into
/// a count that keeps going past a full turn. Between two readings the shaft
/// must turn less than half a turn, or the unwrap picks the wrong direction:
/// at 1 kHz that is 30 sensor turns per second.
public struct TurnUnwrapper: Equatable, Sendable {
    public let countsPerTurn: Int64
    /// The unwrapped count: readings plus whole turns.
    public private(set) var counts: Int64
    private var lastReading: Int64

    /// The first reading is placed on the turn that brings `counts` nearest
    /// to `nearCounts` (for an absolute sensor: the turn nearest the axis zero).
    public init(firstReading: Int64, countsPerTurn: Int64, nearCounts: Double) {
        self.countsPerTurn = countsPerTurn
        let reading = Self.wrap(firstReading, countsPerTurn)
        let turns = ((nearCounts - Double(reading)) / Double(countsPerTurn)).rounded()
        // `turns` is bounded by the caller's finite target; clamp so the conversion cannot trap.
        let boundedTurns = Int64(max(-1e12, min(1e12, turns.isFinite ? turns : 0)))
        counts = reading + boundedTurns * countsPerTurn
        lastReading = reading
    }

    /// Adds the shortest signed step from the previous reading to `reading`.
    public mutating func apply(_ reading: Int64) {
        let wrapped = Self.wrap(reading, countsPerTurn)
        var delta = wrapped - lastReading
        let half = countsPerTurn / 2
        if delta >= half { delta -= countsPerTurn } else if delta < -half { delta += countsPerTurn }
        counts &+= delta
        lastReading = wrapped
    }

    private static func wrap(_ value: Int64, _ modulus: Int64) -> Int64 {
        let remainder = value % modulus
        return remainder < 0 ? remainder + modulus : remainder
    }
}
