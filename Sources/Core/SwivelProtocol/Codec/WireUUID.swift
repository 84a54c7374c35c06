/// 16 raw bytes in RFC 4122 order; FoundationEssentials' UUID converts to and
/// from it at the edges, so this module stays free of Foundation.
public struct WireUUID: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    public static let zero = WireUUID(uncheckedBytes: [UInt8](repeating: 0, count: 16))

    private init(uncheckedBytes: [UInt8]) { bytes = uncheckedBytes }

    /// 8-4-4-4-12 upper-case hex, as UUID prints.
    public var description: String {
        let hex = bytes.map { byte -> String in
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
        }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }
}
