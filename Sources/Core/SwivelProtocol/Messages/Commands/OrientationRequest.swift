public import SwivelVocabulary

/// SET_ORIENTATION's payload, as DockKit's `setOrientation(_:duration:relative:)`.
public struct OrientationRequest: Equatable, Sendable {
    public var target: OrientationTarget
    /// 0 = as fast as the caps allow.
    public var durationSeconds: Double
    public var relative: Bool

    public init(target: OrientationTarget, durationSeconds: Double, relative: Bool) {
        self.target = target
        self.durationSeconds = durationSeconds
        self.relative = relative
    }

    static let minimumBytes = 18

    func encode(to w: inout ByteWriter) {
        switch target {
        case .angles(let v):
            w.u8(0); w.bool(relative); w.f32(durationSeconds)
            w.vector(v); w.f32(0)
        case .quaternion(let q):
            w.u8(1); w.bool(relative); w.f32(durationSeconds)
            w.f32(q.w); w.f32(q.x); w.f32(q.y); w.f32(q.z)
        }
    }

    static func decode(from r: inout ByteReader) throws(MessageError) -> OrientationRequest {
        // A vector needs 18 bytes, a quaternion 22; the 4th float of a vector is padding.
        try r.require(minimumBytes, for: .setOrientation)
        let form = r.u8()
        let relative = r.bool()
        let duration = r.f32()
        switch form {
        case 0:
            return OrientationRequest(target: .angles(r.vector()), durationSeconds: duration, relative: relative)
        case 1:
            try r.require(22, for: .setOrientation)
            let q = Quaternion(w: r.f32(), x: r.f32(), y: r.f32(), z: r.f32())
            return OrientationRequest(target: .quaternion(q), durationSeconds: duration, relative: relative)
        default:
            throw .unknownValue(.setOrientation, field: "target form", value: UInt64(form))
        }
    }
}
