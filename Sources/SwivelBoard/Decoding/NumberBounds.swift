/// A range for a real-valued key, with either end open or closed.
struct NumberBounds {
    var lower: Double
    var lowerInclusive: Bool
    var upper: Double
    var upperInclusive: Bool
    /// How the reason states the range, e.g. "between 1 and 2000".
    var text: String

    static func closed(_ lower: Double, _ upper: Double) -> NumberBounds {
        NumberBounds(lower: lower, lowerInclusive: true, upper: upper, upperInclusive: true,
                     text: "between \(ValueText.number(lower)) and \(ValueText.number(upper))")
    }

    /// (lower, upper]: for quantities that must be strictly positive.
    static func above(_ lower: Double, atMost upper: Double) -> NumberBounds {
        NumberBounds(lower: lower, lowerInclusive: false, upper: upper, upperInclusive: true,
                     text: "greater than \(ValueText.number(lower)) and at most \(ValueText.number(upper))")
    }

    /// [-2π, 2π]: one turn either way, the widest range a non-continuous axis can have.
    static let oneTurn = NumberBounds(
        lower: -2 * Double.pi, lowerInclusive: true, upper: 2 * Double.pi, upperInclusive: true,
        text: "between -2π and 2π (±\(ValueText.rounded(2 * Double.pi)))")

    func contains(_ value: Double) -> Bool {
        let aboveLower = lowerInclusive ? value >= lower : value > lower
        let belowUpper = upperInclusive ? value <= upper : value < upper
        return aboveLower && belowUpper
    }
}
