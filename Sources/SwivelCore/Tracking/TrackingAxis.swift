/// What `TrackingController` knows about the subject on one axis (yaw or
/// pitch), and which estimate of it steers the axis this tick.
///
/// Three estimates, each where it is best (docs/TRACKING.md, "The control law"):
/// - the fast `SubjectFilter`, for a subject that walks and turns;
/// - the slow `DriftFilter`, for a subject that drifts at a few hundredths of
///   a rad/s (the fast one cannot tell that from still), blended in below
///   `driftFullWeightBelowRadiansPerSecond`;
/// - the mean of the observations since the subject stood still (the last
///   `stillWindowObservations` of them, forgetting exponentially), for a
///   still subject: framed to a fraction of the detector's jitter, and a
///   small shift inside the still band is followed within a few seconds.
struct TrackingAxis: Sendable {
    var filter: SubjectFilter
    var drift: DriftFilter
    /// Holding still inside the residual band (a still subject, framed to within the band).
    var isHolding = false
    /// When (stand time) the last target for this axis arrived.
    var lastSeen: Seconds = -.infinity
    private var stillMean = 0.0
    private var stillCount = 0

    init(_ parameters: TrackingController.Parameters) {
        filter = SubjectFilter(parameters: parameters.filter)
        drift = DriftFilter(parameters: parameters.drift)
    }

    /// The still subject's mean angle, once enough observations agree it stands still.
    func stillAngle(_ parameters: TrackingController.Parameters) -> Radians? {
        stillCount >= parameters.stillMinimumObservations ? stillMean : nil
    }

    /// Folds in one observed world angle.
    mutating func observe(worldAngle: Radians, capturedAt: Seconds, now: Seconds, _ parameters: TrackingController.Parameters) {
        // What a filter knew before a long gap says nothing about where the
        // subject went since: start again.
        if filter.isStarted, capturedAt - filter.time > parameters.lostTimeoutSeconds {
            filter.reset()
        }
        switch filter.update(at: capturedAt, angle: worldAngle) {
        case .ignored:
            return
        case .started, .restarted:
            drift.sync(to: filter)
            forgetStill()
        case .updated:
            drift.update(
                at: capturedAt, angle: worldAngle, noise: parameters.filter.measurementNoiseRadians,
                jump: parameters.filter.jumpRadians, fast: filter)
        }
        lastSeen = now
        let still = drift.isTrusted && abs(drift.velocity) < parameters.stillSpeedRadiansPerSecond
        if still, stillCount == 0 || abs(drift.angle - stillMean) < parameters.stillSpreadRadians {
            stillCount += 1
            stillMean += (worldAngle - stillMean) / Double(min(stillCount, parameters.stillWindowObservations))
        } else {
            forgetStill()
        }
    }

    mutating func forgetStill() {
        stillMean = 0
        stillCount = 0
        isHolding = false
    }

    /// The subject's angle and velocity at `end`, from the estimate that fits it.
    func estimate(at end: Seconds, _ parameters: TrackingController.Parameters) -> (angle: Radians, velocity: RadiansPerSecond) {
        if let still = stillAngle(parameters) { return (still, 0) }
        let fast = filter.predicted(at: end, horizonCap: parameters.predictionCapSeconds)
        guard drift.isTrusted else { return fast }
        let low = parameters.driftFullWeightBelowRadiansPerSecond
        let high = parameters.driftNoWeightAboveRadiansPerSecond
        let weight = min(max((high - abs(drift.velocity)) / (high - low), 0), 1)
        guard weight > 0 else { return fast }
        let ahead = max(end - drift.time, 0)
        let h = min(ahead, parameters.predictionCapSeconds)
        let speed = SubjectFilter.significant(
            drift.velocity, spread: drift.velocitySpread, k: parameters.filter.extrapolationSignificance)
        let slow = (angle: drift.angle + speed * h, velocity: ahead > parameters.predictionCapSeconds ? 0 : speed)
        return (
            weight * slow.angle + (1 - weight) * fast.angle, weight * slow.velocity + (1 - weight) * fast.velocity
        )
    }
}
