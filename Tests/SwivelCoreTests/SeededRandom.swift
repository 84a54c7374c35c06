import SwivelCore

/// The core's SplitMix64, under the name the property tests use.
typealias SeededRandom = SplitMix64
