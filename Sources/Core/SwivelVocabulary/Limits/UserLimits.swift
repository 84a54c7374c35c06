/// An app's restriction of one axis, as DockKit's `Limits.Limit`: a position
/// range and a maximum speed. Validated on construction, against
/// `InputRanges` (limitEnd, limitWidth, limitSpeed) too.
public struct UserAxisLimit: Equatable, Hashable, Sendable {
    public let positionRange: PositionRange
    public let maximumSpeed: RadiansPerSecond

    public init(
        lowerRadians: Radians, upperRadians: Radians, maximumSpeed: RadiansPerSecond, axis: Axis? = nil
    ) throws(SwivelError) {
        let range = try PositionRange(lowerRadians: lowerRadians, upperRadians: upperRadians, axis: axis)
        try InputRanges.limitEnd.check(lowerRadians, axis: axis)
        try InputRanges.limitEnd.check(upperRadians, axis: axis)
        try InputRanges.limitWidth.check(range.widthRadians, axis: axis)
        guard maximumSpeed.isFinite else { throw SwivelError.invalid(.nonFiniteValue, axis: axis, value: maximumSpeed) }
        guard maximumSpeed > 0 else { throw SwivelError.invalid(.nonPositiveSpeed, axis: axis, value: maximumSpeed) }
        try InputRanges.limitSpeed.check(maximumSpeed, axis: axis)
        self.positionRange = range
        self.maximumSpeed = maximumSpeed
    }
}

/// `setLimits` input: each axis may be absent (nil leaves that axis at the
/// stand's hardware limits).
public struct UserLimits: Equatable, Sendable {
    public var pitch: UserAxisLimit?
    public var yaw: UserAxisLimit?
    public var roll: UserAxisLimit?

    public init(pitch: UserAxisLimit? = nil, yaw: UserAxisLimit? = nil, roll: UserAxisLimit? = nil) {
        self.pitch = pitch
        self.yaw = yaw
        self.roll = roll
    }

    public subscript(axis: Axis) -> UserAxisLimit? {
        switch axis {
        case .pitch: pitch
        case .yaw: yaw
        case .roll: roll
        }
    }
}
