/// A tracked subject's identity as the host sees it: 16 bytes in the RFC 4122
/// layout. The stand mints version-4 (random) ones; any 16 bytes are accepted
/// back from a host, so a UUID the stand never minted is simply "not found"
/// rather than a decoding failure.
public struct SubjectUUID: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    /// Nil unless exactly 16 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Parses the 8-4-4-4-12 hex form, either case; nil for anything else.
    public init?(_ text: String) {
        guard text.utf8.count == 36 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        var high: UInt8?
        var index = 0
        for unit in text.utf8 {
            defer { index += 1 }
            if Self.dashOffsets.contains(index) {
                guard unit == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let nibble = Self.nibble(unit) else { return nil }
            if let h = high {
                bytes.append(h << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        guard high == nil, bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// For bytes the caller already knows are 16 long.
    init(minted bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var description: String {
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
        var text = ""
        text.reserveCapacity(36)
        for (i, byte) in bytes.enumerated() {
            if i == 4 || i == 6 || i == 8 || i == 10 { text.append("-") }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }

    private static let dashOffsets: Set<Int> = [8, 13, 18, 23]

    private static func nibble(_ unit: UInt8) -> UInt8? {
        switch unit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): unit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): unit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): unit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
