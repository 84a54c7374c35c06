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
    /// A host's (custom tracking) or the vision link's target: starts or
    /// continues following. A manual command (velocity, orientation, animation,
    /// stop) replaces following, as any newer command does; the next
    /// `trackTarget` resumes it. Not rate limited: the link applies the
    /// observation rate rules before it posts one.
    case trackTarget(TrackingTarget)
    /// The batch had no subject to frame: decelerate and hold; following
    /// resumes with the next target. Changes nothing when not following.
    case trackLost
    /// Leave tracking (system tracking turned off, session reset): stops the
    /// stand if it was following and forgets the subject. Unlike `stop`, it
    /// leaves alone a manual motion that had already replaced following.
    case stopTracking
    /// Clears a latched motor fault (the stand's closed-loop checks): the
    /// stand adopts the measured positions, re-enables its drivers and takes
    /// commands again. Refused while the axes are still stopping. Only the
    /// stand has faults; the controller alone accepts it and changes nothing.
    case clearFault
    /// Seeks every axis's home switch (boards with `homing`); motion is
    /// refused as `busy` until it ends, `stop` aborts it.
    case home
    /// Sends one pulse-width servo axis a raw width, past its calibration
    /// and its angle limits but never past `InputRanges.servoPulse` or what
    /// its output can send: how its end points are found. Only the stand
    /// drives servos (the controller alone refuses it); the stand takes it
    /// at rest only, and the axis leaves the jog on its next motion command
    /// (docs/RUNTIME.md, "Servo pulse jog").
    case setServoPulse(axis: Axis, pulseMicroseconds: Double)
}

/// Where the link wants the stand to look, from one accepted observation batch:
/// the subject's reference point would sit at the framing target if the stand's
/// yaw and pitch were (their positions at `capturedAt`) + the corrections.
///
/// Relative to the pose at capture time, not to the pose now: the motion core
/// looks that pose up in its motion history, which is what compensates the
/// camera's latency.
public struct TrackingTarget: Equatable, Sendable {
    /// When the frame was captured, on the stand's clock (seconds since its first tick).
    public var capturedAt: Seconds
    public var yawCorrection: Radians
    /// 0 when `hasPitch` is false.
    public var pitchCorrection: Radians
    /// False when the target says nothing about pitch (pitch then holds).
    public var hasPitch: Bool

    /// - Parameter pitchCorrection: nil when the target says nothing about pitch.
    public init(capturedAt: Seconds, yawCorrection: Radians, pitchCorrection: Radians? = nil) {
        self.capturedAt = capturedAt
        self.yawCorrection = yawCorrection
        self.pitchCorrection = pitchCorrection ?? 0
        hasPitch = pitchCorrection != nil
    }

    public var isFinite: Bool { capturedAt.isFinite && yawCorrection.isFinite && pitchCorrection.isFinite }
}

public enum CommandReply: Equatable, Sendable {
    case accepted
    case started(MoveReceipt)
}
