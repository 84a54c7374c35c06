/// Turns tracking targets into a velocity per axis, once per control tick.
///
/// Each target says where the subject was, in the stand's own frame, when its
/// frame was captured: world angle = (pose at capture) + correction. So the
/// subject's world angle is known even while the stand moves, whatever the
/// camera's latency. A `SubjectFilter` per axis (yaw, pitch) smooths that angle
/// and estimates its velocity and acceleration; every tick the filter predicts
/// where the subject is now and the output is
///
///     velocity = predicted subject velocity                       (feed-forward)
///              + sign(e)·min(K·|e|, √(2·b·a_max·|e|))              (feedback)
///     e        = predicted subject angle − measured axis position
///
/// clamped to the axis's speed cap (through a stall of the link, K only at
/// the still and steady hypotheses' share: `stallFeedbackAfterSeconds`);
/// the motion controller then passes it
/// through the limiter like every other source. The prediction comes from the
/// estimate that fits the subject (`TrackingAxis`): the fast filter for one
/// that walks, a slow one for one that drifts, the mean of its observations
/// for one that stands still. The law is continuous: only a residual band of
/// about a millimetre at arm's length, entered on a still subject and left
/// with hysteresis, commands exactly 0, so a jittery detector cannot make the
/// stand hunt and a slow subject is followed without holds. No target for
/// `lostTimeoutSeconds`, or `lose`, commands zero velocity (the limiter
/// decelerates at the caps) until the next target.
///
/// Plain stored values: no allocation, safe in the real-time tick.
public struct TrackingController: Sendable {
    public enum Phase: Equatable, Sendable, CustomStringConvertible {
        /// Not following (never started, or a manual command replaced it).
        case idle
        /// Correcting toward the subject.
        case following
        /// Every tracked axis is on a still subject, inside its residual band: holding still.
        case holding
        /// No subject: decelerating to rest, then holding, until a target comes.
        case lost

        public var description: String {
            switch self {
            case .idle: "idle"
            case .following: "following"
            case .holding: "holding"
            case .lost: "lost"
            }
        }
    }

    public let parameters: Parameters
    public private(set) var phase: Phase = .idle
    /// Predicted subject angle − measured position, per tracked axis (yaw,
    /// pitch), as of the last tick; 0 on an axis not being tracked.
    public private(set) var error = PerAxis<Radians>(repeating: 0)
    private var yaw: TrackingAxis
    private var pitch: TrackingAxis
    private var lastTargetAt: Seconds = -.infinity

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        yaw = TrackingAxis(parameters)
        pitch = TrackingAxis(parameters)
    }

    /// The estimator on `axis` (yaw or pitch); nil for roll, which is never tracked.
    public func estimator(for axis: Axis) -> SubjectEstimator? {
        switch axis {
        case .yaw: yaw.estimator
        case .pitch: pitch.estimator
        case .roll: nil
        }
    }

    /// Whether `axis` is holding on a still subject, inside its residual band.
    public func isHolding(_ axis: Axis) -> Bool {
        switch axis {
        case .yaw: yaw.isHolding
        case .pitch: pitch.isHolding
        case .roll: false
        }
    }

    // MARK: - Events

    /// A target arrived at `now`; starts or continues following.
    /// - Parameters:
    ///   - poseAtCapture: the measured axis positions when its frame was captured.
    ///   - axes: the axes the stand has; a correction for another one is ignored
    ///     (a tilt-only stand still gets horizontal offsets from its camera).
    public mutating func follow(
        _ target: TrackingTarget, poseAtCapture: PerAxis<Radians>, axes: AxisSet, at now: Seconds
    ) {
        // A capture time ahead of the stand's clock (the link's mapping is off
        // by a hair) would make every later target look out of order.
        let captured = min(target.capturedAt, now)
        if axes.contains(.yaw) {
            let worldAngle = poseAtCapture.yaw + target.yawCorrection
            yaw.observe(worldAngle: worldAngle, capturedAt: captured, now: now, parameters)
        }
        if target.hasPitch, axes.contains(.pitch) {
            let worldAngle = poseAtCapture.pitch + target.pitchCorrection
            pitch.observe(worldAngle: worldAngle, capturedAt: captured, now: now, parameters)
        }
        lastTargetAt = now
        if phase == .idle || phase == .lost { phase = .following }
    }

    /// The batch had no subject: decelerate and hold until the next target.
    public mutating func lose() {
        guard phase != .idle else { return }
        enterLost()
    }

    /// Stops following but remembers the subject, so a target soon after (a
    /// manual command interrupted following) resumes from what was known.
    public mutating func suspend() {
        phase = .idle
        error = PerAxis(repeating: 0)
        yaw.isHolding = false
        pitch.isHolding = false
    }

    /// Stops following and forgets the subject (tracking turned off, new session).
    public mutating func reset() {
        suspend()
        yaw = TrackingAxis(parameters)
        pitch = TrackingAxis(parameters)
        lastTargetAt = -.infinity
    }

    // MARK: - The tick

    /// The velocity each axis should run at for the tick from `now` to `end`.
    /// - Parameters:
    ///   - measured: the axes' measured positions at `now`.
    ///   - current: the axes' commanded velocities at `now`.
    ///   - limits: the limits in force; nil for an axis the stand lacks.
    public mutating func velocities(
        at now: Seconds, until end: Seconds, measured: PerAxis<Radians>, current: PerAxis<RadiansPerSecond>,
        limits: PerAxis<AxisLimits?>
    ) -> PerAxis<RadiansPerSecond> {
        var output = PerAxis<RadiansPerSecond>(repeating: 0)
        if phase == .following || phase == .holding, now - lastTargetAt > parameters.lostTimeoutSeconds {
            enterLost()
        }
        guard phase == .following || phase == .holding else { return output }

        let yawStep = Self.step(
            yaw, axis: .yaw, at: now, until: end, measured: measured, current: current, limits: limits, parameters)
        let pitchStep = Self.step(
            pitch, axis: .pitch, at: now, until: end, measured: measured, current: current, limits: limits, parameters)
        yaw = yawStep.track
        pitch = pitchStep.track
        output.yaw = yawStep.velocity
        output.pitch = pitchStep.velocity
        error.yaw = yawStep.error
        error.pitch = pitchStep.error
        let following = (yawStep.isTracked && !yaw.isHolding) || (pitchStep.isTracked && !pitch.isHolding)
        phase = following ? .following : .holding
        return output
    }

    /// One axis's share of the tick.
    private static func step(
        _ track: TrackingAxis, axis: Axis, at now: Seconds, until end: Seconds, measured: PerAxis<Radians>,
        current: PerAxis<RadiansPerSecond>, limits: PerAxis<AxisLimits?>, _ parameters: Parameters
    ) -> (track: TrackingAxis, velocity: RadiansPerSecond, error: Radians, isTracked: Bool) {
        var track = track
        guard let limit = limits[axis], track.estimator.isStarted, now - track.lastSeen <= parameters.lostTimeoutSeconds
        else {
            // Not (or no longer) in the targets: this axis holds still.
            track.isHolding = false
            return (track, 0, 0, false)
        }
        let position = measured[axis]
        let (target, feedForward) = track.estimate(at: end, parameters)
        let e = target - position
        // The residual band: only on a still subject, whose mean is known far
        // better than the detector's jitter. Enter once close and able to
        // stop inside the band, or when already at rest inside the exit;
        // leave past the exit, which is wider while the still angle itself
        // is still uncertain (a subject just seen: its mean of a few frames).
        let exit = max(
            parameters.holdExitRadians,
            parameters.holdExitSigmas * track.estimator.hypotheses.still.angleVariance.squareRoot())
        if !track.estimator.isStill {
            track.isHolding = false
        } else if track.isHolding {
            if abs(e) > exit { track.isHolding = false }
        } else if current[axis] == 0, abs(e) < exit {
            track.isHolding = true
        } else if abs(e) < parameters.holdEnterRadians {
            let v = current[axis]
            if v * v / (2 * limit.maximumAcceleration) < parameters.holdEnterRadians { track.isHolding = true }
        }
        guard !track.isHolding else { return (track, 0, e, true) }
        // Acquiring: the first observations of a subject give its angle to a
        // detection's noise and its velocity hardly at all, so a move then is
        // on noise, and the axis turns back once the estimate settles (a
        // reversal the subject never made). Until the axis has first moved
        // and while the estimator is young, it waits unless the subject is
        // farther off than the noise can put it (the jump threshold).
        if track.direction == 0, !track.estimator.isStill,
            track.estimator.observationsSinceStart < parameters.acquisitionObservations,
            abs(e) < parameters.estimator.jumpRadians
        {
            return (track, 0, e, true)
        }

        let magnitude = abs(e)
        let braking = (2 * parameters.brakingFraction * limit.maximumAcceleration * magnitude).squareRoot()
        var gain = parameters.feedbackGainPerSecond
        if track.isStalled(at: end, parameters) {
            // Only the share of a pace is chased (`stallFeedbackAfterSeconds`).
            let p = track.estimator.probabilities
            gain *= p.still + p.steady
        }
        let feedback = min(gain * magnitude, braking)
        var velocity = feedForward + (e < 0 ? -feedback : feedback)
        velocity = guardReversal(velocity, error: e, subjectVelocity: feedForward, at: now, track: &track, parameters)
        return (track, min(max(velocity, -limit.maximumSpeed), limit.maximumSpeed), e, true)
    }

    /// `velocity`, or a slower one the same way as before when it would turn
    /// the axis back without evidence. Under a varying latency every batch
    /// moves the predicted angle and velocity by its noise times the
    /// horizon, and near a turn or a slow drift that flipped the command's
    /// sign several times a second: a reversal the subject did not make. The
    /// axis now turns back only when it is clearly past a subject that no
    /// longer comes its way (an overshoot to undo) or the subject's predicted
    /// velocity has clearly turned. Otherwise it lets the subject come to
    /// it: it holds (0), or, when a subject that still comes its way would
    /// take longer than the hold limit to arrive, it goes on at
    /// `reversalCreepFraction` of the subject's speed, so a slow subject
    /// catches up without the stand stopping. After `reversalHoldLimitSeconds`
    /// the reversal is let through, but only once the error has grown past
    /// its size when the hold began (by `reversalGrowthRadians`): while the
    /// subject closes on the axis, turning toward it means turning again
    /// when it passes. A still subject has its own band and is exempt.
    static func guardReversal(
        _ velocity: RadiansPerSecond, error e: Radians, subjectVelocity: RadiansPerSecond, at now: Seconds,
        track: inout TrackingAxis, _ parameters: Parameters
    ) -> RadiansPerSecond {
        let floor = parameters.reversalFloorRadiansPerSecond
        let way = velocity > floor ? 1 : velocity < -floor ? -1 : 0
        guard way != 0 else { return velocity }
        if way == -track.direction, !track.estimator.isStill {
            let w = Double(way)
            let spread = track.estimator.velocityVariance.squareRoot()
            let evidence = max(parameters.reversalVelocitySigmas * spread, floor)
            let subjectTurned = subjectVelocity * w > evidence
            // Past the subject while it still comes this way is no overshoot
            // to undo: it reaches the axis by itself, and turning back first
            // means turning again when it passes (walk-jitter, drift-jitter:
            // three reversals for one the subject made). Within
            // `reversalComingOvershootRadians` weaker evidence that it comes
            // will do: near a stop the velocity's spread is wide
            // (walk-jitter's draws: 48 reversals for the subjects' 16 with
            // the full evidence alone, 30 with this).
            let overshoot = e * w
            let comingEvidence = overshoot <= parameters.reversalComingOvershootRadians
                ? min(max(parameters.reversalComingSigmas * spread, floor), evidence) : evidence
            let subjectComing = subjectVelocity * w < -comingEvidence
            let pastSubject = overshoot > parameters.reversalErrorRadians && !subjectComing
            if track.reversalHeldSince == nil { track.reversalHeldError = abs(e) }
            let heldSince = track.reversalHeldSince ?? now
            let heldTooLong = now - heldSince >= parameters.reversalHoldLimitSeconds
                && abs(e) > track.reversalHeldError + parameters.reversalGrowthRadians
            guard subjectTurned || pastSubject || heldTooLong else {
                track.reversalHeldSince = heldSince
                // Still coming the axis's way, but slowly: a hold would
                // last longer than its limit (issue 13: no long holds while
                // a subject moves), so go on its way, slower than it.
                let creep = parameters.reversalCreepFraction * subjectVelocity
                if subjectVelocity * w < 0, abs(creep) > floor,
                    abs(e) > abs(subjectVelocity) * parameters.reversalHoldLimitSeconds
                {
                    return creep
                }
                return 0
            }
        }
        track.reversalHeldSince = nil
        track.direction = way
        return velocity
    }

    private mutating func enterLost() {
        phase = .lost
        error = PerAxis(repeating: 0)
        yaw.isHolding = false
        pitch.isHolding = false
    }
}
