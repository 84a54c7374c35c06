/// The A/B lines of a simulated encoder, generated from the shaft angle.
///
/// The count is `floor(angle × countsPerRadian)` (negated if inverted); each
/// change of one count flips exactly one line along the Gray sequence the
/// decoder expects (00 → 10 → 11 → 01 forwards). When the shaft passes several
/// counts within one integration step, every intermediate edge is emitted, at
/// the instant the angle (taken as linear over the step) crosses that count,
/// so the signal is always legal however fast the shaft turns.
struct QuadratureSignal {
    let lineA: Int
    let lineB: Int
    let countsPerRadian: Double
    let sign: Double
    private(set) var count: Int64

    /// An emission bound for one step: beyond it the shaft is out of any
    /// physical range, the count jumps without edges, and the stand counts it.
    static let maximumEdgesPerStep: Int64 = 100_000

    init(lineA: Int, lineB: Int, countsPerRadian: Double, invert: Bool, angleRadians: Double) {
        self.lineA = lineA
        self.lineB = lineB
        self.countsPerRadian = countsPerRadian
        sign = invert ? -1 : 1
        count = Self.count(for: angleRadians * countsPerRadian * sign) ?? 0
    }

    static func levels(count: Int64) -> (a: Bool, b: Bool) {
        switch count & 3 {
        case 0: (false, false)
        case 1: (true, false)
        case 2: (true, true)
        default: (false, true)
        }
    }

    var levels: (a: Bool, b: Bool) { Self.levels(count: count) }

    private static func count(for units: Double) -> Int64? {
        guard units.isFinite, abs(units) < 9e18 else { return nil }
        return Int64(units.rounded(.down))
    }

    /// Follows the shaft from `startRadians` at `start` to `endRadians` at
    /// `end`, handing each edge to `emit(instant, line, high)` in order.
    /// Returns false if the move was too large to emit edge by edge.
    mutating func follow(
        from startRadians: Double, at start: Int64, to endRadians: Double, at end: Int64,
        emit: (Int64, Int, Bool) -> Void
    ) -> Bool {
        let startUnits = startRadians * countsPerRadian * sign
        let endUnits = endRadians * countsPerRadian * sign
        guard let target = Self.count(for: endUnits) else { return true }
        if target == count { return true }
        guard abs(target &- count) <= Self.maximumEdgesPerStep else {
            count = target
            return false
        }
        let span = Double(end - start)
        let travel = endUnits - startUnits
        let up = target > count
        while count != target {
            let next = up ? count + 1 : count - 1
            // Crossing into `next` happens at the boundary between the two counts.
            let boundary = Double(up ? next : count)
            var instant = end
            if travel != 0 {
                let fraction = min(max((boundary - startUnits) / travel, 0), 1)
                instant = start + Int64((fraction * span).rounded())
            }
            let before = Self.levels(count: count)
            let after = Self.levels(count: next)
            count = next
            if before.a != after.a {
                emit(instant, lineA, after.a)
            } else {
                emit(instant, lineB, after.b)
            }
        }
        return true
    }
}
