import SwivelCore
import SwivelProtocol

extension DockAccessory {
    /// `setLimits` input, as DockKit's `DockAccessory.Limits`: each axis may be
    /// absent, leaving it at the stand's hardware limits.
    public struct Limits: Equatable, Sendable {
        /// One axis's restriction: a position range and a maximum speed.
        public struct Limit: Equatable, Sendable {
            /// Radians.
            public let positionRange: ClosedRange<Double>
            /// rad/s.
            public let maximumSpeed: Double

            /// Checked here by the rules the stand applies (finite numbers,
            /// minimum below maximum, speed above 0), so a bad limit fails
            /// before it is sent, with the stand's words.
            public init(positionRange: ClosedRange<Double>, maximumSpeed: Double) throws(SwivelKitError) {
                try self.init(minimum: positionRange.lowerBound, maximum: positionRange.upperBound, maximumSpeed: maximumSpeed)
            }

            /// A half-open range's upper bound is taken as the maximum, as DockKit's examples write `-1.0 ..< 1.0`.
            public init(positionRange: Range<Double>, maximumSpeed: Double) throws(SwivelKitError) {
                try self.init(minimum: positionRange.lowerBound, maximum: positionRange.upperBound, maximumSpeed: maximumSpeed)
            }

            /// The plain-number form, which can also be given a NaN (a
            /// `ClosedRange` cannot hold one) and reports it as the stand would.
            public init(minimum: Double, maximum: Double, maximumSpeed: Double) throws(SwivelKitError) {
                do throws(SwivelError) {
                    _ = try UserAxisLimit(lowerRadians: minimum, upperRadians: maximum, maximumSpeed: maximumSpeed)
                } catch {
                    throw SwivelKitError(error)
                }
                positionRange = minimum...maximum
                self.maximumSpeed = maximumSpeed
            }
        }

        public var yaw: Limit?
        public var pitch: Limit?
        public var roll: Limit?

        public init(yaw: Limit? = nil, pitch: Limit? = nil, roll: Limit? = nil) {
            self.yaw = yaw
            self.pitch = pitch
            self.roll = roll
        }

        var request: LimitsRequest {
            func wire(_ limit: Limit?) -> LimitsRequest.AxisLimit? {
                limit.map {
                    LimitsRequest.AxisLimit(
                        lowerRadians: $0.positionRange.lowerBound, upperRadians: $0.positionRange.upperBound,
                        maximumSpeed: $0.maximumSpeed)
                }
            }
            return LimitsRequest(limits: PerAxis(pitch: wire(pitch), yaw: wire(yaw), roll: wire(roll)))
        }
    }
}
