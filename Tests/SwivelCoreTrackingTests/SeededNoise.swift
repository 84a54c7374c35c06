import SwivelCore
import SwivelTestSupport

/// Approximately Gaussian noise from the seeded generator (Irwin–Hall: the sum
/// of twelve uniforms, minus six, has mean 0 and variance 1).
struct SeededNoise {
    var random: SeededRandom
    init(seed: UInt64) { random = SeededRandom(seed: seed) }
    mutating func next(standardDeviation: Double) -> Double {
        var sum = 0.0
        for _ in 0..<12 { sum += Double.random(in: 0..<1, using: &random) }
        return (sum - 6) * standardDeviation
    }
}
