public import SwivelVocabulary

/// TRACK: one batch of observations from one camera frame.
///
/// The capture time travels as an AGE: how long before this frame was sent the
/// image was captured. The stand subtracts it from the frame's arrival time on
/// its own clock, so no clock synchronisation is needed; the transit time of the
/// frame itself (under 1 ms at 921600 baud for a full batch) is not compensated.
public struct TrackBatch: Equatable, Sendable {
    public typealias Observation = SwivelVocabulary.Observation

    static let observationWireBytes = 38

    public static let maximumObservations = 16

    public var captureAgeMicroseconds: UInt32
    public var camera: CameraInformation
    public var observations: [Observation]

    public init(captureAgeMicroseconds: UInt32, camera: CameraInformation, observations: [Observation]) {
        self.captureAgeMicroseconds = captureAgeMicroseconds
        self.camera = camera
        self.observations = observations
    }

    static let minimumBytes = 4 + CameraInformation.wireBytes + 1

    func encode(to w: inout ByteWriter) {
        let sent = observations.prefix(Self.maximumObservations)
        w.u32(captureAgeMicroseconds)
        camera.encode(to: &w)
        w.u8(UInt8(sent.count))
        for o in sent {
            w.i64(o.identifier)
            w.u8(o.kind.rawValue)
            w.rect(o.rect)
            w.u8((o.faceYawRadians == nil ? 0 : 1) | (o.speakingConfidence == nil ? 0 : 2) | (o.lookingAtCameraConfidence == nil ? 0 : 4))
            w.f32(o.faceYawRadians ?? 0)
            w.f32(o.speakingConfidence ?? 0)
            w.f32(o.lookingAtCameraConfidence ?? 0)
        }
    }

    static func decode(from r: inout ByteReader) throws(MessageError) -> TrackBatch {
        try r.require(minimumBytes, for: .track)
        let age = r.u32()
        var size = (width: 0.0, height: 0.0)
        let camera = try CameraInformation.decode(from: &r, messageID: .track, referenceSize: &size)
        let count = Int(r.u8())
        guard count <= maximumObservations else {
            throw .tooMany(.track, field: "observations", count: count, maximum: maximumObservations)
        }
        // With intrinsics the size is checked with them (`validate`); without,
        // the decoded batch keeps no size, so it is judged as it is read.
        if camera.intrinsics == nil {
            do {
                try InputRanges.referenceSize.check(size.width)
                try InputRanges.referenceSize.check(size.height)
            } catch {
                throw .invalid(.track, error)
            }
        }
        try r.require(minimumBytes + count * observationWireBytes, for: .track)
        var observations: [Observation] = []
        for _ in 0..<count {
            let id = r.i64()
            let rawKind = r.u8()
            guard let kind = Observation.Kind(rawValue: rawKind) else {
                throw .unknownValue(.track, field: "observation kind", value: UInt64(rawKind))
            }
            let rect = r.lowerLeftRect()
            let present = r.u8()
            do {
                try InputRanges.observationFlags.check(Double(present))
            } catch {
                throw .invalid(.track, error)
            }
            let yaw = r.f32(), speaking = r.f32(), looking = r.f32()
            observations.append(Observation(
                identifier: id, kind: kind, rect: rect, faceYawRadians: present & 1 != 0 ? yaw : nil,
                speakingConfidence: present & 2 != 0 ? speaking : nil,
                lookingAtCameraConfidence: present & 4 != 0 ? looking : nil))
        }
        return TrackBatch(captureAgeMicroseconds: age, camera: camera, observations: observations)
    }
}

extension TrackBatch {
    /// The ranges of docs/PROTOCOL.md "Field ranges": the capture age, the
    /// intrinsics when present, and every observation (rect, face yaw and
    /// confidences when flagged present). A batch that fails is refused whole.
    public func validate() throws(SwivelError) {
        try InputRanges.captureAge.check(Double(captureAgeMicroseconds))
        if let intrinsics = camera.intrinsics { try InputRanges.check(intrinsics) }
        for observation in observations { try InputRanges.check(observation) }
    }
}
