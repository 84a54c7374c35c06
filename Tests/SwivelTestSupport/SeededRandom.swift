package import SwivelCore

/// The core's SplitMix64, under the name the property tests use.
package typealias SeededRandom = SwivelCore.SplitMix64
