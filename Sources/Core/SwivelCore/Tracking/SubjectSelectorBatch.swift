extension SubjectSelector {
    /// Checks a batch the way `update` reads it, so a caller can reject a bad
    /// batch with a reason instead of having `update` quietly drop observations.
    /// Throws `invalidParameter` for the first observation with a non-finite
    /// number, a negative rect size, or a confidence outside 0...1.
    public static func validate(_ observations: [Observation]) throws(SwivelError) {
        for observation in observations {
            if let problem = problem(with: observation) { throw problem }
        }
    }

    static func problem(with o: Observation) -> SwivelError? {
        for value in [o.rect.x, o.rect.y, o.rect.width, o.rect.height] where !value.isFinite {
            return .invalid(.nonFiniteValue, value: value)
        }
        for value in [o.rect.width, o.rect.height] where value < 0 {
            return .invalid(.negativeRectSize, value: value)
        }
        if let yaw = o.faceYawRadians, !yaw.isFinite { return .invalid(.nonFiniteValue, value: yaw) }
        for case let value? in [o.speakingConfidence, o.lookingAtCameraConfidence] {
            guard value.isFinite else { return .invalid(.nonFiniteValue, value: value) }
            guard (0...1).contains(value) else { return .invalid(.confidenceOutOfRange, value: value) }
        }
        return nil
    }

    /// One observation per identifier, in order of first appearance, without the
    /// ones `validate` rejects. The identifier is the sender's name for a
    /// subject, so a face and a body sharing one are the same person: the face
    /// gives the rect (it is what framing aims at), then the body, then an
    /// object; among equals the first in the batch wins. A confidence or yaw the
    /// winner lacks is taken from the others, in batch order.
    static func merged(_ observations: [Observation]) -> [Observation] {
        var result: [Observation] = []
        result.reserveCapacity(observations.count)
        var indexByIdentifier: [Int64: Int] = [:]
        for o in observations where problem(with: o) == nil {
            guard let i = indexByIdentifier[o.identifier] else {
                indexByIdentifier[o.identifier] = result.count
                result.append(o)
                continue
            }
            var kept = result[i]
            var extra = o
            if precedence(o.kind) < precedence(kept.kind) { swap(&kept, &extra) }
            kept.faceYawRadians = kept.faceYawRadians ?? extra.faceYawRadians
            kept.speakingConfidence = kept.speakingConfidence ?? extra.speakingConfidence
            kept.lookingAtCameraConfidence = kept.lookingAtCameraConfidence ?? extra.lookingAtCameraConfidence
            result[i] = kept
        }
        return result
    }

    private static func precedence(_ kind: Observation.Kind) -> Int {
        switch kind {
        case .humanFace: 0
        case .humanBody: 1
        case .object: 2
        }
    }
}
