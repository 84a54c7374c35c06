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
