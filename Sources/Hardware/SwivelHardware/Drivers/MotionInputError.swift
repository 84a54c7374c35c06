/// A position or time handed to a driver that it cannot act on. Raised on the
/// real-time path, so it carries no payload (throwing it never allocates).
public enum MotionInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A target angle was NaN or infinite.
    case nonFiniteRadians
    /// A motion segment's end instant is before its start instant.
    case segmentEndsBeforeStart
    /// A segment instant lies beyond ±2⁶² ns, where instant arithmetic could overflow.
    case instantOutOfRange
    /// The angle, in microsteps, is beyond what the planner represents exactly (±2⁵²).
    case positionOutOfRange

    public var description: String {
        switch self {
        case .nonFiniteRadians: "the commanded angle is not a finite number"
        case .segmentEndsBeforeStart: "the motion segment ends before it starts"
        case .instantOutOfRange: "the motion segment's instants are beyond ±146 years"
        case .positionOutOfRange: "the commanded angle is too large to count in microsteps"
        }
    }
}
