/// Mints version-4 subject UUIDs from SplitMix64 (Steele, Lea, Flood 2014).
/// Seeded rather than drawn from the system so that tests are reproducible;
/// the runtime seeds it randomly per session, which is what makes the UUIDs
/// "random per session" as the contract asks.
struct SubjectUUIDGenerator: Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func nextUUID() -> SubjectUUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for (half, word) in [next(), next()].enumerated() {
            for i in 0..<8 { bytes[half * 8 + i] = UInt8(truncatingIfNeeded: word >> (56 - 8 * UInt64(i))) }
        }
        // RFC 4122 §4.4: version 4 in the high nibble of byte 6, variant 10xx in byte 8.
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return SubjectUUID(minted: bytes)
    }
}
