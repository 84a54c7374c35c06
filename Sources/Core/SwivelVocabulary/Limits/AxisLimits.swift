/// What one axis may do: where it may be, how fast, how hard it may accelerate.
/// Only constructible valid, so the limiter never meets a NaN or a negative cap.
public struct AxisLimits: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// nil on a continuous (slip-ring) axis, which has no position range.
    public let positionRange: PositionRange?
    public let maximumSpeed: RadiansPerSecond
    public let maximumAcceleration: RadiansPerSecondSquared

    public init(
        positionRange: PositionRange?,
        maximumSpeed: RadiansPerSecond,
        maximumAcceleration: RadiansPerSecondSquared,
        axis: Axis? = nil
    ) throws(SwivelError) {
        guard maximumSpeed.isFinite else { throw SwivelError.invalid(.nonFiniteValue, axis: axis, value: maximumSpeed) }
        guard maximumSpeed > 0 else { throw SwivelError.invalid(.nonPositiveSpeed, axis: axis, value: maximumSpeed) }
        guard maximumAcceleration.isFinite else {
            throw SwivelError.invalid(.nonFiniteValue, axis: axis, value: maximumAcceleration)
        }
        guard maximumAcceleration > 0 else {
            throw SwivelError.invalid(.nonPositiveAcceleration, axis: axis, value: maximumAcceleration)
        }
        self.positionRange = positionRange
        self.maximumSpeed = maximumSpeed
        self.maximumAcceleration = maximumAcceleration
    }

    public var isContinuous: Bool { positionRange == nil }

    /// The same caps with no position range (homing, where the position is a guess).
    public var withoutRange: AxisLimits? {
        try? AxisLimits(positionRange: nil, maximumSpeed: maximumSpeed, maximumAcceleration: maximumAcceleration)
    }

    public var description: String {
        "range \(positionRange.map(\.description) ?? "continuous"), speed ≤ \(maximumSpeed) rad/s, acceleration ≤ \(maximumAcceleration) rad/s²"
    }
}

/// A closed interval of axis positions. Always valid: finite and lower < upper.
public struct PositionRange: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let lowerRadians: Radians
    public let upperRadians: Radians

    public init(lowerRadians: Radians, upperRadians: Radians, axis: Axis? = nil) throws(SwivelError) {
        guard lowerRadians.isFinite else { throw SwivelError.invalid(.nonFiniteValue, axis: axis, value: lowerRadians) }
        guard upperRadians.isFinite else { throw SwivelError.invalid(.nonFiniteValue, axis: axis, value: upperRadians) }
        guard lowerRadians < upperRadians else {
            throw SwivelError.invalid(.rangeMinimumNotBelowMaximum, axis: axis, value: lowerRadians)
        }
        self.lowerRadians = lowerRadians
        self.upperRadians = upperRadians
    }

    public var centreRadians: Radians { (lowerRadians + upperRadians) / 2 }
    public var widthRadians: Radians { upperRadians - lowerRadians }

    public func contains(_ position: Radians) -> Bool { position >= lowerRadians && position <= upperRadians }

    public func clamp(_ position: Radians) -> Radians { min(max(position, lowerRadians), upperRadians) }

    /// The overlap of two ranges, nil when they do not overlap.
    public func intersection(_ other: PositionRange) -> PositionRange? {
        try? PositionRange(
            lowerRadians: max(lowerRadians, other.lowerRadians),
            upperRadians: min(upperRadians, other.upperRadians)
        )
    }

    public func shifted(by offset: Radians) -> PositionRange {
        // Shifting a valid range keeps it valid; the init cannot fail here.
        (try? PositionRange(lowerRadians: lowerRadians + offset, upperRadians: upperRadians + offset)) ?? self
    }

    public var description: String { "[\(lowerRadians), \(upperRadians)] rad" }
}
