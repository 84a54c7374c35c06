/// One subject in one camera frame, as a detector reports it.
public struct Observation: Equatable, Sendable {
    public enum Kind: UInt8, Sendable {
        case humanFace = 1
        case humanBody = 2
        case object = 3
    }

    /// Chosen by the sender; stable for the same subject across batches.
    public var identifier: Int64
    public var kind: Kind
    public var rect: NormalizedRectLowerLeft
    public var faceYawRadians: Double?
    public var speakingConfidence: Double?
    public var lookingAtCameraConfidence: Double?

    public init(
        identifier: Int64, kind: Kind, rect: NormalizedRectLowerLeft, faceYawRadians: Double? = nil,
        speakingConfidence: Double? = nil, lookingAtCameraConfidence: Double? = nil
    ) {
        self.identifier = identifier
        self.kind = kind
        self.rect = rect
        self.faceYawRadians = faceYawRadians
        self.speakingConfidence = speakingConfidence
        self.lookingAtCameraConfidence = lookingAtCameraConfidence
    }
}
