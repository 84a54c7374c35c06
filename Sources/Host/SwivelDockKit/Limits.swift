internal import SwivelKit

extension DockAccessory {
    /// Per-axis restrictions of the range of motion and the speed; an absent
    /// axis keeps the stand's hardware limits.
    public struct Limits: Hashable, Sendable {
        public struct Limit: Hashable, Sendable {
            /// Radians. The upper bound is the maximum the axis may reach.
            public let positionRange: Range<Double>
            /// rad/s; 0 restricts the range alone, as DockKit accepts it: the
            /// axis keeps the hardware's speed.
            public let maximumSpeed: Double

            /// Checked as the stand checks it: finite, minimum below maximum,
            /// speed 0 (the hardware's) or within the stand's range.
            public init(positionRange: Range<Double>, maximumSpeed: Double) throws {
                _ = try Self.userLimit(positionRange, maximumSpeed)
                self.positionRange = positionRange
                self.maximumSpeed = maximumSpeed
            }

            /// SET_LIMITS' largest speed (docs/PROTOCOL.md, "Field ranges"):
            /// the limits in force are the intersection with the hardware's, so
            /// asking for it keeps the hardware's speed.
            static let unrestrictedSpeed = 100.0

            static func wireSpeed(_ speed: Double) -> Double { speed == 0 ? unrestrictedSpeed : speed }

            /// The vocabulary's limit, by the rules the stand applies; their refusal as DockKit's error.
            static func userLimit(_ range: Range<Double>, _ speed: Double) throws -> UserAxisLimit {
                do throws(SwivelError) {
                    return try UserAxisLimit(lowerRadians: range.lowerBound, upperRadians: range.upperBound, maximumSpeed: wireSpeed(speed))
                } catch {
                    throw dockKitError(SwivelKitError(error))
                }
            }

            /// A limit in force, as the stand reports it: a continuous axis has
            /// no range and reports -∞..<∞.
            init(inForce limit: SwivelKit.StandSession.AxisLimitsInForce) {
                positionRange = limit.positionRange.map { $0.lowerBound..<$0.upperBound } ?? -Double.infinity..<Double.infinity
                maximumSpeed = limit.maximumSpeed
            }

            var swivel: UserAxisLimit {
                get throws { try Self.userLimit(positionRange, maximumSpeed) }
            }
        }

        public var yaw: Limit?
        public var pitch: Limit?
        public var roll: Limit?

        public init(yaw: Limit?, pitch: Limit?, roll: Limit?) {
            self.yaw = yaw
            self.pitch = pitch
            self.roll = roll
        }

        var swivel: UserLimits {
            get throws {
                .init(pitch: try pitch?.swivel, yaw: try yaw?.swivel, roll: try roll?.swivel)
            }
        }
    }
}
