/// x4 decoding of an incremental encoder: every edge of A and of B is one count.
///
/// The A/B pair walks the Gray sequence 00 → 10 → 11 → 01 → 00 (A leads B)
/// when the shaft turns forwards. Seeing both channels change at once means an
/// edge was missed, so the direction is unknown: the decoder counts the
/// illegal transition, leaves the count alone and resynchronises on the new
/// levels rather than guessing.
public struct QuadratureDecoder: Equatable, Sendable {
    public private(set) var count: Int64
    public private(set) var illegalTransitions: UInt64 = 0
    public let invert: Bool
    private var phase: UInt8

    public init(a: Bool, b: Bool, invert: Bool = false, count: Int64 = 0) {
        self.phase = Self.phase(a: a, b: b)
        self.invert = invert
        self.count = count
    }

    /// Phase index along the forward Gray sequence.
    static func phase(a: Bool, b: Bool) -> UInt8 {
        switch (a, b) {
        case (false, false): 0
        case (true, false): 1
        case (true, true): 2
        case (false, true): 3
        }
    }

    /// Counting wraps instead of trapping, so a continuous axis can turn forever.
    public mutating func apply(a: Bool, b: Bool) {
        let next = Self.phase(a: a, b: b)
        let step = (next &+ 4 &- phase) & 3
        phase = next
        switch step {
        case 1: count &+= invert ? -1 : 1
        case 3: count &+= invert ? 1 : -1
        case 2: illegalTransitions &+= 1
        default: break
        }
    }
}
