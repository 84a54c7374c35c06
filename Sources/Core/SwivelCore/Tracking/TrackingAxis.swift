/// What `TrackingController` knows about the subject on one axis (yaw or
/// pitch): the estimator of its world angle, and whether the axis is holding
/// inside its residual band on a still subject.
struct TrackingAxis: Sendable {
    var estimator: SubjectEstimator
    /// Holding still inside the residual band (a still subject, framed to within the band).
    var isHolding = false
    /// When (stand time) the last target for this axis arrived.
    var lastSeen: Seconds = -.infinity
    /// The way the axis was last commanded to turn faster than the reversal
    /// floor (+1, −1; 0 before): a reversal needs evidence (`TrackingController.guardReversal`).
    var direction = 0
    /// Since when the guard has held back a reversal; nil while it is not.
    var reversalHeldSince: Seconds?
    /// |error| when the guard began holding: the hold outlasts its limit
    /// while the subject closes on the axis.
    var reversalHeldError: Radians = 0
    /// How old the newest observation was when it arrived: the link's
    /// latency as it is now, which the prediction's acceleration is carried
    /// over (plus a slack), not a stall's, and past which a stall is counted.
    var arrivalAge: Seconds = 0

    init(_ parameters: TrackingController.Parameters) {
        estimator = SubjectEstimator(parameters: parameters.estimator)
    }

    /// Folds in one observed world angle.
    mutating func observe(worldAngle: Radians, capturedAt: Seconds, now: Seconds, _ parameters: TrackingController.Parameters) {
        // What the estimator knew before a long gap says nothing about where
        // the subject went since: start again.
        if estimator.isStarted, capturedAt - estimator.time > parameters.lostTimeoutSeconds {
            estimator.reset()
        }
        switch estimator.update(at: capturedAt, angle: worldAngle) {
        case .ignored: return
        case .started, .restarted, .updated: break
        }
        lastSeen = now
        arrivalAge = max(now - capturedAt, 0)
        if !estimator.isStill { isHolding = false }
    }

    /// The link is stalled at `end`: the newest observation is older than
    /// its age at arrival plus `stallFeedbackAfterSeconds`.
    func isStalled(at end: Seconds, _ parameters: TrackingController.Parameters) -> Bool {
        end - estimator.time - arrivalAge > parameters.stallFeedbackAfterSeconds
    }

    /// The subject's angle and velocity at `end`.
    func estimate(at end: Seconds, _ parameters: TrackingController.Parameters) -> (angle: Radians, velocity: RadiansPerSecond) {
        estimator.predicted(
            at: end, horizonCap: parameters.predictionCapSeconds,
            accelerationHorizon: arrivalAge + parameters.accelerationSlackSeconds,
            changeFadeSeconds: parameters.changeFadeSeconds)
    }
}
