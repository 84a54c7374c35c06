#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SplitMix64: small, fast, and the same sequence on every machine for a seed,
/// so a scene's detector noise and dropouts are reproducible.
struct SceneRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 bits.
    mutating func uniform() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// Standard normal (Box–Muller); always draws two uniforms.
    mutating func gaussian() -> Double {
        let u1 = 1 - uniform()  // (0, 1]: log stays finite
        let u2 = uniform()
        return sqrt(-2 * log(u1)) * cos(2 * Double.pi * u2)
    }
}
