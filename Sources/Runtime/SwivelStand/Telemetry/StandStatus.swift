public import SwivelCore

/// What the stand is doing, as of its last tick: published by the loop thread,
/// read by anyone (the status line, telemetry, tests). Plain values only, so
/// publishing it never allocates.
public struct StandStatus: Equatable, Sendable {
    /// Seconds since the stand's first tick.
    public var time: Seconds = 0
    /// The monotonic instant `time` was taken at, so another thread can place
    /// its own instants on the stand's clock (an observation's capture time).
    public var tickNanoseconds: Int64 = 0
    public var ticks: UInt64 = 0
    public var axes: AxisSet = []
    /// Axes measured through an encoder; the others report their commanded position.
    public var encoderAxes: AxisSet = []
    /// The limiter's output: where each axis is commanded to be at the end of the tick.
    public var commanded = PerAxis(repeating: Limiter.State.rest)
    /// Where each axis is, through its encoder (or commanded, on an open-loop axis).
    public var measured = PerAxis<Radians>(repeating: 0)
    public var limits = PerAxis<AxisLimits?>(repeating: nil)
    public var activeMotion: MotionController.ActiveMotion = .velocity(.zero)
    /// Subject following: idle unless `activeMotion` is `.tracking`.
    public var trackingPhase: TrackingController.Phase = .idle
    /// The framing error: where the tracker predicts the subject is minus where
    /// the axis is, in radians, yaw and pitch (roll is always 0); 0 on an axis
    /// not being tracked.
    public var trackingErrorRadians: Vector3 = .zero
    /// The most recent move or animation, from the demo or a host.
    public var lastRequest: MotionProgress?
    /// The request `lastRequest` replaced, as it ended (cancelled, or finished
    /// just before). Readers that sample slower than the tick still see how
    /// every request ended, since at most 2 start per second.
    public var previousRequest: MotionProgress?
    /// nil once the demo has stopped (or was never played).
    public var demoPhase: DemoScript.Phase?
    public var demoCycles = 0
    /// What the engine is doing; the flags below are read from it.
    public var mode: StandMode = .released
    public var halting: Bool { mode.isHalting }
    /// Stopped, drivers disabled: what a shutdown ends in.
    public var halted: Bool { mode.isHalted }
    public var commandsApplied: UInt64 = 0
    public var commandsRejected: UInt64 = 0
    public var encoderIllegalTransitions: UInt64 = 0
    public var encoderDroppedEvents: UInt64 = 0
    public var rateLimitedSteps: UInt64 = 0
    public var driverFaults: UInt64 = 0
    /// The latched motor fault (closed-loop checks), nil when healthy.
    public var fault: AxisFault? { mode.fault }
    /// The fault's stop is over and every driver is off; `clearFault` may run.
    public var faultDisabled: Bool { mode.faultDriversOff }
    /// The largest |commanded − measured| each axis with an encoder has shown
    /// since start (or the last cleared fault): what to set the board's
    /// `maxFollowingErrorRad` above.
    public var peakFollowingErrorRadians = PerAxis<Radians>(repeating: 0)
    /// Homing at start, on a board with home switches: running, or how it ended.
    public var homing: HomingRun?
    /// Faults detected since start.
    public var faultsDetected: UInt64 = 0
    /// The axes whose driver is enabled (ENABLE active, a servo's PWM on) as
    /// last asked. None from start until the first motion, and again once the
    /// stand has been idle for the board's `idleTimeoutSeconds` (except axes
    /// that hold when idle), after a halt or a fault.
    public var enabledDriverAxes: AxisSet = []
    /// Some driver is enabled.
    public var driversEnabled: Bool { !enabledDriverAxes.isEmpty }
    /// Times the drivers were released because the stand was idle.
    public var idleReleases: UInt64 = 0
    /// Per axis, the width a servo pulse jog holds it at, ns; 0 where the
    /// axis follows its angle (`MotionCommand.setServoPulse`).
    public var servoPulseNanoseconds = PerAxis<Int64>(repeating: 0)
    /// Stand time of the first motion, which enabled the drivers; nil before it.
    public var firstMotionSeconds: Seconds?

    public init() {}
}
