/// The range one numeric input field must lie in, and the reason a value
/// outside it is refused with.
public struct FieldRange: Equatable, Sendable {
    /// The message and the field, as docs/PROTOCOL.md's "Field ranges" table names them.
    public let message: String
    public let field: String
    public let lower: Double
    public let upper: Double
    public let reason: SwivelError.Reason

    /// The ends as compared: each widened to the nearest f32 at or beyond it.
    /// A host sends f32, and the f32 nearest 0.01 is 0.0099999998: "0.01" must
    /// be in range however it travels.
    private let lowest: Double
    private let highest: Double

    init(_ message: String, _ field: String, _ lower: Double, _ upper: Double, _ reason: SwivelError.Reason) {
        self.message = message
        self.field = field
        self.lower = lower
        self.upper = upper
        self.reason = reason
        let low = Float(lower), high = Float(upper)
        lowest = Double(low) <= lower ? Double(low) : Double(low.nextDown)
        highest = Double(high) >= upper ? Double(high) : Double(high.nextUp)
    }

    /// Closed at both ends (to f32 precision); NaN lies outside every range.
    public func contains(_ value: Double) -> Bool { value >= lowest && value <= highest }

    /// Throws `invalidParameter` unless `value` lies inside: `nonFiniteValue` for
    /// NaN or an infinity, else the range's own reason, with the value and the axis.
    public func check(_ value: Double, axis: Axis? = nil) throws(SwivelError) {
        guard value.isFinite else { throw SwivelError.invalid(.nonFiniteValue, axis: axis, value: value) }
        guard contains(value) else { throw SwivelError.invalid(reason, axis: axis, value: value) }
    }
}

/// Every numeric field a host can send, with the range it must lie in. The one
/// place the ranges live: the protocol checks a decoded message against them
/// (SwivelProtocol's `HostMessage.decode`), and the motion core and the
/// tracking code check their own inputs against the same values, so a caller
/// in-process gets the same refusal as one over the wire. docs/PROTOCOL.md's
/// table is tested against `all`.
///
/// Each range is wide for real use and ends where a value can only be a
/// mistake (a unit error, an uninitialised float) or where the arithmetic
/// behind it would stop meaning anything: a subnormal speed plans a move of
/// infinite duration, a relative yaw of -3.4e38 a target no f32 can tell from
/// its neighbours.
public enum InputRanges {
    static let twoTurns = 4 * Double.pi

    // MARK: Motion

    /// No board may declare a faster speed cap (boards/README.md), so ±100
    /// already asks for every axis's full speed; each is clamped to its own cap.
    public static let angularVelocity = FieldRange(
        "SET_ANGULAR_VELOCITY", "rate, each axis", -100, 100, .angularVelocityOutOfRange)
    /// 0 is "as fast as the caps allow"; a day covers a time-lapse pan.
    public static let duration = FieldRange("SET_ORIENTATION", "duration", 0, 86_400, .durationOutOfRange)
    /// Board ranges lie within ±2π and a continuous axis takes an absolute
    /// target modulo a turn, so two turns either way covers every real target
    /// and a multi-turn relative move on a slip ring.
    public static let angle = FieldRange(
        "SET_ORIENTATION", "angle, each axis (absolute or relative)", -twoTurns, twoTurns, .angleOutOfRange)
    /// Its length, before normalising: 1 ± 0.001.
    public static let quaternionLength = FieldRange(
        "SET_ORIENTATION", "quaternion length", 0.999, 1.001, .notUnitQuaternion)

    // MARK: Limits

    /// The raw axis byte: a bit above 2 names no axis.
    public static let axisMask = FieldRange("SET_LIMITS", "axes", 0, 7, .undefinedAxisBits)
    /// As the angles: board ranges lie within ±2π, a continuous axis's app
    /// range is placed on the turn the axis is on.
    public static let limitEnd = FieldRange("SET_LIMITS", "minimum, maximum", -twoTurns, twoTurns, .limitOutOfRange)
    /// Narrower than a milliradian is finer than any board's step or encoder
    /// count; a subnormal width (±1.4e-45) is garbage.
    public static let limitWidth = FieldRange(
        "SET_LIMITS", "maximum - minimum", 0.001, 2 * twoTurns, .rangeTooNarrow)
    /// 1 mrad/s is a turn in 105 minutes; slower is indistinguishable from
    /// stopped, and a subnormal speed plans every move as infinitely long.
    /// The top is the boards' own maximum.
    public static let limitSpeed = FieldRange("SET_LIMITS", "maximum speed", 0.001, 100, .speedOutOfRange)

    // MARK: Servo end points

    /// What any hobby servo may be sent by hand: the widest end points a
    /// servo is sold with. A pulse past them is a unit error (ms, ns) or a
    /// width that drives some servos into their stops; the stand narrows it
    /// further to what the axis's output can send.
    public static let servoPulse = FieldRange("SET_SERVO_PULSE", "pulse width", 500, 2500, .servoPulseOutOfRange)

    // MARK: Tracking

    /// The motion history reaches 1 s: an older image has no pose to be placed with.
    public static let captureAge = FieldRange("TRACK", "capture age", 0, 1_000_000, .captureAgeOutOfRange)
    /// 1 px is a field of view near 180°; 1e6 px a 0.1° telephoto on a 1920-px frame.
    public static let focalLength = FieldRange("TRACK", "intrinsics fx, fy", 1, 1e6, .intrinsicsOutOfRange)
    public static let principalPoint = FieldRange(
        "TRACK", "intrinsics s, cx, cy", -1e6, 1e6, .intrinsicsOutOfRange)
    /// The pinhole form's zeros and one, with the slack of a host that computed them.
    public static let intrinsicsZero = FieldRange(
        "TRACK", "intrinsics m10, m20, m21", -1e-6, 1e-6, .intrinsicsNotPinhole)
    public static let intrinsicsOne = FieldRange("TRACK", "intrinsics m22", 0.999999, 1.000001, .intrinsicsNotPinhole)
    /// No sensor has zero pixels or more than 100 000 on a side.
    public static let referenceSize = FieldRange(
        "TRACK", "reference width, height", 1, 100_000, .referenceSizeOutOfRange)
    /// The raw flags byte of an observation: bits 0-2 are defined.
    public static let observationFlags = FieldRange("TRACK", "observation flags", 0, 7, .undefinedFlagBits)
    /// A subject may be partly out of frame (CameraGeometry.rectSlack); further out is a sender bug.
    public static let rectEdge = FieldRange(
        "TRACK", "rect x, y, x + width, y + height", -0.5, 1.5, .observationRectOutOfRange)
    /// A box under 0.2 px of a 1920-px frame is no detection.
    public static let rectSize = FieldRange("TRACK", "rect width, height", 0.0001, 2, .observationRectOutOfRange)
    /// A face can turn half a turn at most.
    public static let faceYaw = FieldRange("TRACK", "face yaw", -Double.pi, Double.pi, .faceYawOutOfRange)
    public static let confidence = FieldRange(
        "TRACK", "speaking, looking-at-camera confidence", 0, 1, .confidenceOutOfRange)

    // MARK: Framing and selection

    /// How far outside 0...1 a region of interest may reach: a host sends it as
    /// f32, and e.g. x 0.1 + width 0.9 can land a few 1e-8 past 1.
    public static let regionOfInterestTolerance = 1e-6
    static let slack = regionOfInterestTolerance

    /// The frame, with `regionOfInterestTolerance` of slack: a
    /// host sends f32, and 0.4 + 0.6 in f32 is 1.00000003.
    public static let regionOfInterestEdge = FieldRange(
        "SET_REGION_OF_INTEREST", "x, y, x + width, y + height", -slack, 1 + slack, .regionOfInterestOutsideFrame)
    /// A target is a point inside the region; under 1% of the frame (19 px of
    /// 1920) is a mistake, and a subnormal size garbage.
    public static let regionOfInterestSize = FieldRange(
        "SET_REGION_OF_INTEREST", "width, height", 0.01, 1 + slack, .regionOfInterestTooSmall)
    /// A tap on the preview.
    public static let selectionPoint = FieldRange("SELECT_SUBJECT_AT", "x, y", -slack, 1 + slack, .pointOutsideFrame)

    // MARK: Vision link

    /// A detector's score.
    public static let gestureConfidence = FieldRange("GESTURE", "confidence", 0, 1, .gestureConfidenceOutOfRange)

    /// Every range, in docs/PROTOCOL.md's order.
    public static let all: [FieldRange] = [
        angularVelocity, duration, angle, quaternionLength,
        axisMask, limitEnd, limitWidth, limitSpeed, servoPulse,
        captureAge, focalLength, principalPoint, intrinsicsZero, intrinsicsOne, referenceSize,
        observationFlags, rectEdge, rectSize, faceYaw, confidence,
        regionOfInterestEdge, regionOfInterestSize, selectionPoint,
        gestureConfidence,
    ]
}

// MARK: - Checks of whole inputs

extension InputRanges {
    /// A SET_ANGULAR_VELOCITY rate, each axis. Allocation-free: the
    /// controller checks it in the tick (`InputRanges.check(_: MotionCommand)`).
    public static func check(angularVelocity velocity: Vector3) throws(SwivelError) {
        for axis in Axis.allCases { try angularVelocity.check(velocity[axis], axis: axis) }
    }

    /// A SET_ORIENTATION target and duration: the angles, or the quaternion's
    /// length. Allocation-free, as above.
    public static func check(orientation target: OrientationTarget, durationSeconds seconds: Seconds) throws(SwivelError) {
        guard seconds.isFinite else { throw SwivelError.invalid(.nonFiniteValue, value: seconds) }
        guard seconds >= 0 else { throw SwivelError.invalid(.negativeDuration, value: seconds) }
        try duration.check(seconds)
        switch target {
        case .angles(let angles):
            for axis in Axis.allCases { try angle.check(angles[axis], axis: axis) }
        case .quaternion(let q):
            _ = try q.validatedUnit()
        }
    }

    /// Pinhole intrinsics a host sent: every entry finite and in range, the
    /// form [fx s cx; 0 fy cy; 0 0 1], and a reference size in pixels.
    public static func check(_ intrinsics: CameraInformation.Intrinsics) throws(SwivelError) {
        let m = intrinsics.matrix
        guard m.count == 9 else { throw SwivelError.invalid(.intrinsicsNotPinhole, value: Double(m.count)) }
        for value in m where !value.isFinite { throw SwivelError.invalid(.nonFiniteValue, value: value) }
        try focalLength.check(m[0])
        try focalLength.check(m[4])
        for index in [1, 2, 5] { try principalPoint.check(m[index]) }
        for index in [3, 6, 7] { try intrinsicsZero.check(m[index]) }
        try intrinsicsOne.check(m[8])
        try referenceSize.check(intrinsics.referenceWidth)
        try referenceSize.check(intrinsics.referenceHeight)
    }

    /// One observation as a sender reports it (LOWER-left rect in the buffer).
    public static func check(_ observation: Observation) throws(SwivelError) {
        let r = observation.rect
        for value in [r.x, r.y, r.width, r.height] where !value.isFinite {
            throw SwivelError.invalid(.nonFiniteValue, value: value)
        }
        try rectSize.check(r.width)
        try rectSize.check(r.height)
        for value in [r.x, r.y, r.x + r.width, r.y + r.height] { try rectEdge.check(value) }
        if let yaw = observation.faceYawRadians { try faceYaw.check(yaw) }
        for case let value? in [observation.speakingConfidence, observation.lookingAtCameraConfidence] {
            try confidence.check(value)
        }
    }

    /// A `selectSubject(at:)` point.
    public static func check(_ point: NormalizedPointUpperLeft) throws(SwivelError) {
        try selectionPoint.check(point.x)
        try selectionPoint.check(point.y)
    }

    /// A region of interest: finite, a positive width and height, inside the
    /// frame 0...1 (within `regionOfInterestTolerance`), and at least
    /// `regionOfInterestSize` wide and high.
    public static func check(_ roi: NormalizedRectUpperLeft) throws(SwivelError) {
        for value in [roi.x, roi.y, roi.width, roi.height] where !value.isFinite {
            throw SwivelError.invalid(.nonFiniteValue, value: value)
        }
        for size in [roi.width, roi.height] where !(size > 0) {
            throw SwivelError.invalid(.regionOfInterestOutsideFrame, value: size)
        }
        for edge in [roi.x, roi.y, roi.x + roi.width, roi.y + roi.height] where !regionOfInterestEdge.contains(edge) {
            throw SwivelError.invalid(.regionOfInterestOutsideFrame, value: edge)
        }
        try regionOfInterestSize.check(roi.width)
        try regionOfInterestSize.check(roi.height)
    }
}
