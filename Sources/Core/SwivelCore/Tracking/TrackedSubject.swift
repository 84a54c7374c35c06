/// One subject as the stand reports it in a tracking state.
public struct TrackedSubject: Equatable, Sendable {
    /// The contract reports people and objects only: a face and a body are both
    /// a person (`observationKind` keeps which one was seen).
    public enum Kind: UInt8, Sendable {
        case person = 1
        case object = 2

        public init(_ observationKind: Observation.Kind) {
            switch observationKind {
            case .humanFace, .humanBody: self = .person
            case .object: self = .object
            }
        }
    }

    /// Stable while the sender's identifier keeps being seen; see `SubjectSelector`.
    public var uuid: SubjectUUID
    /// The sender's identifier for this subject.
    public var identifier: Int64
    public var kind: Kind
    public var observationKind: Observation.Kind
    /// In the UPRIGHT image, lower-left origin, exactly as passed to the selector.
    public var rect: NormalizedRectLowerLeft
    /// 1 = most salient. Every subject of a batch is ranked (1...n), so it is
    /// never 0; nil only on a subject that has not been through a ranking.
    public var saliencyRank: Int?
    /// 0...1, nil when the sender gave none.
    public var speakingConfidence: Double?
    /// 0...1, nil when the sender gave none.
    public var lookingAtCameraConfidence: Double?
    public var faceYawRadians: Double?

    public init(
        uuid: SubjectUUID, identifier: Int64, kind: Kind, observationKind: Observation.Kind,
        rect: NormalizedRectLowerLeft, saliencyRank: Int? = nil, speakingConfidence: Double? = nil,
        lookingAtCameraConfidence: Double? = nil, faceYawRadians: Double? = nil
    ) {
        self.uuid = uuid
        self.identifier = identifier
        self.kind = kind
        self.observationKind = observationKind
        self.rect = rect
        self.saliencyRank = saliencyRank
        self.speakingConfidence = speakingConfidence
        self.lookingAtCameraConfidence = lookingAtCameraConfidence
        self.faceYawRadians = faceYawRadians
    }
}
