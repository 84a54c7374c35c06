/// GESTURE: the vision link saw a hand gesture (docs/PROTOCOL.md §4.4). The
/// stand toggles system tracking on it, as its tracking button does, when the
/// board's `vision.gestures` is on.
public struct Gesture: Equatable, Sendable {
    public enum Kind: UInt8, Equatable, Sendable, CaseIterable, CustomStringConvertible {
        /// An open palm held about a second.
        case openPalm = 1

        public var description: String {
            switch self {
            case .openPalm: "openPalm"
            }
        }
    }

    public var kind: Kind
    /// The detector's confidence, 0...1 (docs/PROTOCOL.md, "Field ranges").
    public var confidence: Double

    public init(kind: Kind, confidence: Double) {
        self.kind = kind
        self.confidence = confidence
    }

    static let minimumBytes = 5

    func encode(to w: inout ByteWriter) {
        w.u8(kind.rawValue)
        w.f32(confidence)
    }

    static func decode(from r: inout ByteReader) throws(MessageError) -> Gesture {
        try r.require(minimumBytes, for: .gesture)
        let raw = r.u8()
        let confidence = r.f32()
        guard let kind = Kind(rawValue: raw) else { throw .unknownValue(.gesture, field: "gesture", value: UInt64(raw)) }
        return Gesture(kind: kind, confidence: confidence)
    }
}
