import FoundationEssentials
import SwivelProtocol

extension UUID {
    init(_ wire: WireUUID) {
        let b = wire.bytes
        self.init(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }
}

extension WireUUID {
    init(_ uuid: UUID) {
        // uuid_t is 16 bytes by definition, so the failable init always succeeds.
        self = WireUUID(bytes: withUnsafeBytes(of: uuid.uuid) { Array($0) }) ?? .zero
    }
}

extension Duration {
    /// The duration as a number of seconds, for the wire's f32 fields.
    var inSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    /// From a wire field; a value that is not a finite, non-negative number
    /// becomes zero, and one beyond 10⁹ s (past Int64 nanoseconds) is held there.
    init(wireSeconds seconds: Double) {
        self = seconds.isFinite && seconds > 0 ? .nanoseconds(Int64((min(seconds, 1e9) * 1e9).rounded())) : .zero
    }

    init(wireMicroseconds microseconds: UInt64) {
        self = .microseconds(Int64(clamping: microseconds))
    }
}
