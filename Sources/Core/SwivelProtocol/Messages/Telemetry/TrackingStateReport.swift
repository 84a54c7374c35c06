public import SwivelVocabulary

/// TRACKING_STATE: the subjects the stand sees, 10 per second while tracking.
public struct TrackingStateReport: Equatable, Sendable {
    public struct Subject: Equatable, Sendable {
        public enum Kind: UInt8, Sendable {
            case person = 1
            case object = 2
        }

        /// Stable while the subject is tracked; random per session.
        public var uuid: WireUUID
        public var kind: Kind
        public var rect: NormalizedRectLowerLeft
        /// 1 = most salient; nil when unranked (never 0).
        public var saliencyRank: UInt8?
        public var speakingConfidence: Double?
        public var lookingAtCameraConfidence: Double?

        public init(
            uuid: WireUUID, kind: Kind, rect: NormalizedRectLowerLeft, saliencyRank: UInt8?,
            speakingConfidence: Double? = nil, lookingAtCameraConfidence: Double? = nil
        ) {
            self.uuid = uuid
            self.kind = kind
            self.rect = rect
            self.saliencyRank = saliencyRank
            self.speakingConfidence = speakingConfidence
            self.lookingAtCameraConfidence = lookingAtCameraConfidence
        }

        static let wireBytes = 43
    }

    public static let maximumSubjects = 16

    /// On the stand's clock: microseconds since it started.
    public var timeMicroseconds: UInt64
    public var subjects: [Subject]

    public init(timeMicroseconds: UInt64, subjects: [Subject]) {
        self.timeMicroseconds = timeMicroseconds
        self.subjects = subjects
    }

    static let minimumBytes = 9

    func encode(to w: inout ByteWriter) {
        let sent = subjects.prefix(Self.maximumSubjects)
        w.u64(timeMicroseconds)
        w.u8(UInt8(sent.count))
        for s in sent {
            w.uuid(s.uuid)
            w.u8(s.kind.rawValue)
            w.rect(s.rect)
            w.u8(s.saliencyRank ?? 0)
            w.u8((s.speakingConfidence == nil ? 0 : 1) | (s.lookingAtCameraConfidence == nil ? 0 : 2))
            w.f32(s.speakingConfidence ?? 0)
            w.f32(s.lookingAtCameraConfidence ?? 0)
        }
    }

    static func decode(from r: inout ByteReader) throws(MessageError) -> TrackingStateReport {
        try r.require(minimumBytes, for: .trackingState)
        let time = r.u64()
        let count = Int(r.u8())
        guard count <= maximumSubjects else {
            throw .tooMany(.trackingState, field: "subjects", count: count, maximum: maximumSubjects)
        }
        try r.require(minimumBytes + count * Subject.wireBytes, for: .trackingState)
        var subjects: [Subject] = []
        for _ in 0..<count {
            let uuid = r.uuid()
            let rawKind = r.u8()
            guard let kind = Subject.Kind(rawValue: rawKind) else {
                throw .unknownValue(.trackingState, field: "subject kind", value: UInt64(rawKind))
            }
            let rect = r.lowerLeftRect()
            let rank = r.u8()
            let present = r.u8()
            let speaking = r.f32(), looking = r.f32()
            subjects.append(Subject(
                uuid: uuid, kind: kind, rect: rect, saliencyRank: rank == 0 ? nil : rank,
                speakingConfidence: present & 1 != 0 ? speaking : nil,
                lookingAtCameraConfidence: present & 2 != 0 ? looking : nil))
        }
        return TrackingStateReport(timeMicroseconds: time, subjects: subjects)
    }
}
