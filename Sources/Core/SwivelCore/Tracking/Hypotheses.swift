/// The four motion hypotheses `SubjectEstimator` weighs, in a fixed order.
public enum Hypothesis: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// Standing still (the angle only wanders by a hair).
    case still = 0
    /// Moving at a steady pace: walking, or drifting at a desk.
    case steady = 1
    /// Changing pace or direction as a walker does (≈ 1 s per change).
    case turning = 2
    /// Changing pace sharply: a runner, a sudden start or stop.
    case swerving = 3

    public var description: String {
        switch self {
        case .still: "still"
        case .steady: "steady"
        case .turning: "turning"
        case .swerving: "swerving"
        }
    }
}

/// One value per hypothesis, stored inline: no heap, so the estimator can live
/// in the real-time tick.
public struct PerHypothesis<Value> {
    public var still: Value
    public var steady: Value
    public var turning: Value
    public var swerving: Value

    public init(still: Value, steady: Value, turning: Value, swerving: Value) {
        self.still = still
        self.steady = steady
        self.turning = turning
        self.swerving = swerving
    }

    public init(repeating value: Value) {
        self.init(still: value, steady: value, turning: value, swerving: value)
    }

    public subscript(hypothesis: Hypothesis) -> Value {
        get {
            switch hypothesis {
            case .still: still
            case .steady: steady
            case .turning: turning
            case .swerving: swerving
            }
        }
        set {
            switch hypothesis {
            case .still: still = newValue
            case .steady: steady = newValue
            case .turning: turning = newValue
            case .swerving: swerving = newValue
            }
        }
    }

    public func map<T>(_ transform: (Hypothesis, Value) -> T) -> PerHypothesis<T> {
        PerHypothesis<T>(
            still: transform(.still, still), steady: transform(.steady, steady), turning: transform(.turning, turning),
            swerving: transform(.swerving, swerving))
    }
}

extension PerHypothesis: Equatable where Value: Equatable {}
extension PerHypothesis: Sendable where Value: Sendable {}

extension PerHypothesis where Value == Double {
    /// Σ over the hypotheses of `weight × value(h)`.
    func weightedSum(_ value: (Hypothesis) -> Double) -> Double {
        var sum = 0.0
        for h in Hypothesis.allCases { sum += self[h] * value(h) }
        return sum
    }
}
