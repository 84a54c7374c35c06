/// A target orientation, as DockKit accepts it: Euler angles or a rotation.
public enum OrientationTarget: Equatable, Sendable {
    /// Pitch, yaw, roll in radians.
    case angles(Vector3)
    /// See `Quaternion` for the axes and the Euler order.
    case quaternion(Quaternion)
}

/// Everything that can be asked of the motion controller. This is also what
/// travels through the mailbox into the real-time loop.
public enum MotionCommand: Equatable, Sendable {
    /// rad/s per axis; zero stops. Clamped to each axis's speed cap. Not rate limited.
    case setAngularVelocity(Vector3)
    /// Rate limited; returns a progress handle.
    case setOrientation(OrientationTarget, durationSeconds: Seconds, relative: Bool)
    /// Rate limited (shares the budget with setOrientation); returns a progress handle.
    case animate(AnimationName)
    /// Decelerate every axis to rest at its cap and cancel what is running.
    case stop
    /// Like `stop`, but only when `requestID` is the move or animation running;
    /// otherwise nothing changes (it already ended, or a newer one replaced it).
    case cancel(requestID: UInt32)
    /// What a new host session starts from and what the last one leaves behind:
    /// stop, the board's limits, a fresh rate budget.
    case resetSession
    case setLimits(UserLimits)
    case resetLimits
}

/// What a trajectory command started.
public struct MoveReceipt: Equatable, Sendable {
    public var requestID: UInt32
    /// When it will arrive, after fitting the caps (may exceed the requested duration).
    public var plannedDurationSeconds: Seconds
    /// Where it will end, after clamping to the limits.
    public var target: Vector3
    /// Axes whose requested target lay outside the limits and was clamped.
    public var clampedAxes: AxisSet

    public init(requestID: UInt32, plannedDurationSeconds: Seconds, target: Vector3, clampedAxes: AxisSet) {
        self.requestID = requestID
        self.plannedDurationSeconds = plannedDurationSeconds
        self.target = target
        self.clampedAxes = clampedAxes
    }
}

public enum CommandReply: Equatable, Sendable {
    case accepted
    case started(MoveReceipt)
}
