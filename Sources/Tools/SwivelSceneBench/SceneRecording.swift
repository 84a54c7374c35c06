public import SwivelRuntime
public import SwivelCore

/// Everything one run of a scene produced, for the metrics and the plots.
public struct SceneRecording: Sendable {
    /// Per control tick: the primary subject's truth and the stand's measured pose.
    public struct Tick: Equatable, Sendable {
        public var seconds: Seconds
        public var subjectYaw: Radians
        public var subjectPitch: Radians
        public var standYaw: Radians
        public var standPitch: Radians
        /// Horizontal distance of the subject from the framing target (the
        /// centre), fraction of the frame width, signed, clamped to ±1.
        public var framingError: Double
        public var inFrame: Bool
        /// The yaw velocity the limiter commanded this tick (exactly 0 while the axis holds).
        public var commandedYawVelocity: RadiansPerSecond
    }

    /// Per camera frame, at its capture: the same figures the detector saw.
    public struct Frame: Equatable, Sendable {
        public var captureSeconds: Seconds
        public var framingError: Double
        public var inFrame: Bool
        /// Observations the batch carried (after dropouts).
        public var observations: Int
    }

    public var scene: Scene
    public var controller: SceneController
    public var latencySeconds: Seconds
    public var tickSeconds: Seconds
    public var ticks: [Tick] = []
    public var frames: [Frame] = []
    /// What the stand answered on the vision link, by code (`ack` for accepted).
    public var replies: [String: Int] = [:]
    /// Commands the stand refused (the naive path posts straight into the mailbox).
    public var commandsRejected = 0
}
