extension SubjectSelector.Configuration {
    /// How salient a subject is, before hysteresis; 0 or more, never NaN.
    ///
    ///     kindWeight × (size × √visibleArea + closeness × (1 − distance / √2))
    ///                × (1 + speakingBoost × speaking) × (1 + lookingBoost × looking)
    ///
    /// `visibleArea` is the part of the rect inside the frame; `distance` runs
    /// from the rect's centre (clamped into the frame) to `framingTarget`; a
    /// missing confidence counts as 0. Kind is a weight, not a tier: with the
    /// defaults an object at a person's place needs more than 6¼ times its area
    /// to outrank it, so a huge object can outrank a tiny person.
    public func score(of subject: TrackedSubject, framingTarget: NormalizedPointLowerLeft) -> Double {
        let rect = subject.rect
        let visibleWidth = max(0, min(1, rect.x + rect.width) - max(0, rect.x))
        let visibleHeight = max(0, min(1, rect.y + rect.height) - max(0, rect.y))
        let sizeTerm = (visibleWidth * visibleHeight).squareRoot()

        let target = Self.sanitized(framingTarget)
        let dx = Self.unit(rect.x + rect.width / 2) - target.x
        let dy = Self.unit(rect.y + rect.height / 2) - target.y
        let closenessTerm = max(0, 1 - (dx * dx + dy * dy).squareRoot() / 2.0.squareRoot())

        let kindWeight = subject.kind == .person ? weights.person : weights.object
        let speaking = Self.unit(subject.speakingConfidence ?? 0)
        let looking = Self.unit(subject.lookingAtCameraConfidence ?? 0)
        let score = kindWeight * (weights.size * sizeTerm + weights.closeness * closenessTerm)
            * (1 + weights.speakingBoost * speaking) * (1 + weights.lookingBoost * looking)
        // Only an overflow of huge weights could get here; NaN would break the sort.
        return score.isNaN ? 0 : score
    }

    /// A target outside the frame is pulled onto its edge; a non-finite one is the centre.
    private static func sanitized(_ point: NormalizedPointLowerLeft) -> NormalizedPointLowerLeft {
        guard point.x.isFinite, point.y.isFinite else { return NormalizedPointLowerLeft(x: 0.5, y: 0.5) }
        return NormalizedPointLowerLeft(x: unit(point.x), y: unit(point.y))
    }

    private static func unit(_ value: Double) -> Double {
        value.isFinite ? min(1, max(0, value)) : 0.5
    }
}
