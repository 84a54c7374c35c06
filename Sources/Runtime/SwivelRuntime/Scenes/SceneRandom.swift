#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore

/// SplitMix64: small, fast, and the same sequence on every machine for a seed,
/// so a scene's detector noise and dropouts are reproducible.
struct SceneRandom {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    /// Uniform in [0, 1), 53 bits.
    mutating func uniform() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// Standard normal (Box–Muller); always draws two uniforms.
    mutating func gaussian() -> Double {
        let u1 = 1 - uniform()  // (0, 1]: log stays finite
        let u2 = uniform()
        return sqrt(-2 * log(u1)) * cos(2 * Double.pi * u2)
    }
}
