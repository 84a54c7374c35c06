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

    /// [-2π, 2π]: one turn either way, the widest range a non-continuous axis can have.
    static let oneTurn = NumberBounds(
        lower: -2 * Double.pi, lowerInclusive: true, upper: 2 * Double.pi, upperInclusive: true,
        text: "between -2π and 2π (±\(ValueText.rounded(2 * Double.pi)))")

    // A quantity that must be positive still has a smallest value that means
    // anything: a bound open at 0 let 1e-300 rad/s² through, an axis that
    // would take 1e300 s to stop. The floors below are far under any real
    // stand's and far above nonsense; boards/README.md lists them.

    /// rad/s: an axis's speed cap, its homing speed. The host's floor for
    /// SET_LIMITS (docs/PROTOCOL.md): 1 mrad/s is a turn in 105 minutes.
    static let angularSpeed = closed(0.001, 100)
    /// rad/s²: an axis's acceleration cap; `BoardDecoder.maximumStopSeconds` bounds it further.
    static let angularAcceleration = closed(0.01, 10_000)
    /// Motor (or magnet) turns per axis turn.
    static let gearRatio = closed(0.01, 1000)
    /// rad: how far off, or how far without a count, before an axis is faulted.
    static let faultThreshold = NumberBounds(
        lower: 0.001, lowerInclusive: true, upper: Double.pi, upperInclusive: true,
        text: "between 0.001 and π (\(ValueText.rounded(Double.pi)))")
    /// rad: how far homing backs off the switch.
    static let homingBackoff = closed(0.001, 1)
    /// rad: how far homing may seek, up to two turns.
    static let homingTravel = NumberBounds(
        lower: 0.01, lowerInclusive: true, upper: 4 * Double.pi, upperInclusive: true,
        text: "between 0.01 and 4π (\(ValueText.rounded(4 * Double.pi)))")
    /// s: how long nothing commands motion before the drivers are released;
    /// from a tenth of a second (a test, or a stand that must stay cool) to a day.
    static let idleTimeout = closed(0.1, 86_400)
    /// A zoom button's `cameraZoom(factor)`.
    static let zoomFactor = closed(0.01, 100)

    /// Frames per second the vision program asks of its camera: TRACK allows
    /// 30 batches in a sliding second (docs/PROTOCOL.md §5).
    static let visionFrameRate = closed(1, 30)
    /// A detector's score; under 0.05 every shadow is a face.
    static let visionMinimumConfidence = closed(0.05, 1)
    /// px, as TRACK's intrinsics ranges (docs/PROTOCOL.md, "Field ranges").
    static let focalLengthPx = closed(1, 1e6)
    static let principalPointPx = closed(-1e6, 1e6)

    /// rad: the narrowest an axis's range may be, as SET_LIMITS' narrowest; a
    /// servo's span holds the range, so it is at least as wide.
    static let minimumSpanRadians = 0.001

    func contains(_ value: Double) -> Bool {
        let aboveLower = lowerInclusive ? value >= lower : value > lower
        let belowUpper = upperInclusive ? value <= upper : value < upper
        return aboveLower && belowUpper
    }
}
