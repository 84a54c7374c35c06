/// Where in the UPRIGHT image the framed subject should sit, and which point of
/// the subject is meant. The rules are in docs/TRACKING.md "Framing".
///
/// The tracker turns both into angles (`CameraGeometry.angles(ofUpright:)`) and
/// moves the stand by `CameraGeometry.standCorrection(bringing:to:position:)`.
public enum FramingTarget {
    /// A body's eyes sit about this fraction of its height below its top.
    public static let bodyEyeLineFraction = 0.15
    /// A face turned further than this (either way) gets lead room in
    /// `automatic` mode; a face within it is looking at the camera.
    public static let turnedFaceYawRadians = 0.35
    /// How far outside 0...1 a region of interest may reach (`InputRanges`).
    public static let regionOfInterestTolerance = InputRanges.regionOfInterestTolerance

    /// The point of a subject that framing places, in the space of `rect`
    /// (pass an UPRIGHT rect: "top" means up in the picture).
    /// - face: its centre;
    /// - body: `bodyEyeLineFraction` of its height below its top (about the
    ///   eyes), so a person is framed by the face whether a face or a body was
    ///   detected;
    /// - object: its centre.
    ///
    /// For a group the caller passes the union of the members' rects and
    /// `referenceKind(ofGroup:)` of their kinds.
    public static func referencePoint(of rect: NormalizedRectLowerLeft, kind: Observation.Kind) -> NormalizedPointLowerLeft {
        let x = rect.x + rect.width / 2
        switch kind {
        case .humanFace, .object: return NormalizedPointLowerLeft(x: x, y: rect.y + rect.height / 2)
        case .humanBody: return NormalizedPointLowerLeft(x: x, y: rect.y + rect.height * (1 - bodyEyeLineFraction))
        }
    }

    /// The kind whose rule frames a group's union box: faces when any member is
    /// a face (the union's centre), else bodies (the eye line below the union's
    /// top), else objects.
    public static func referenceKind(ofGroup kinds: some Sequence<Observation.Kind>) -> Observation.Kind {
        var sawBody = false
        for kind in kinds {
            switch kind {
            case .humanFace: return .humanFace
            case .humanBody: sawBody = true
            case .object: break
            }
        }
        return sawBody ? .humanBody : .object
    }

    /// Where the reference point should sit, in the upright image (lower-left),
    /// inside `regionOfInterest` (upper-left; call `validate` on it first).
    ///
    /// Horizontally, across the region: `center` ½, `left` ⅓, `right` ⅔.
    /// `automatic`: ½, except for one person (face or body, not a group) whose
    /// face is turned beyond `turnedFaceYawRadians`: lead room, the third line
    /// opposite the way it looks (`faceYawRadians` > 0 is turned towards the
    /// image's right, so ⅓; < 0 so ⅔). A missing or non-finite yaw is "not turned".
    ///
    /// Vertically: people (faces, bodies, groups containing them) on the
    /// region's upper-third line, which leaves head-room above; objects centred.
    public static func point(
        mode: FramingMode, regionOfInterest: NormalizedRectUpperLeft, kind: Observation.Kind,
        faceYawRadians: Double?, isGroup: Bool
    ) -> NormalizedPointLowerLeft {
        let across: Double
        switch mode {
        case .center: across = 1.0 / 2
        case .left: across = 1.0 / 3
        case .right: across = 2.0 / 3
        case .automatic:
            across = leadRoom(kind: kind, faceYawRadians: faceYawRadians, isGroup: isGroup) ?? 1.0 / 2
        }
        // Lower-left from the region's bottom: the upper-third line is ⅔ up.
        let up = kind == .object ? 1.0 / 2 : 2.0 / 3
        let roi = regionOfInterest.lowerLeft
        return NormalizedPointLowerLeft(x: roi.x + roi.width * across, y: roi.y + roi.height * up)
    }

    /// Validates a region of interest (`InputRanges.check(_:)`, where the
    /// wire codec checks SET_REGION_OF_INTEREST too).
    public static func validate(_ roi: NormalizedRectUpperLeft) throws(SwivelError) {
        try InputRanges.check(roi)
    }

    /// The horizontal fraction for a turned face, nil when no lead room applies.
    private static func leadRoom(kind: Observation.Kind, faceYawRadians: Double?, isGroup: Bool) -> Double? {
        guard !isGroup, kind != .object, let yaw = faceYawRadians, yaw.isFinite else { return nil }
        if yaw > turnedFaceYawRadians { return 1.0 / 3 }
        if yaw < -turnedFaceYawRadians { return 2.0 / 3 }
        return nil
    }
}
