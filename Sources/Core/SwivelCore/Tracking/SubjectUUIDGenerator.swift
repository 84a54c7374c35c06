/// Mints version-4 subject UUIDs from SplitMix64.
/// Seeded rather than drawn from the system so that tests are reproducible;
/// the runtime seeds it randomly per session, which is what makes the UUIDs
/// "random per session" as the contract asks.
struct SubjectUUIDGenerator: Sendable {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func next() -> UInt64 { random.next() }

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
