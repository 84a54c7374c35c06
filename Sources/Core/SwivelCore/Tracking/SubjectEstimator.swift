#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a subject is along one WORLD angle (yaw or pitch in the stand's base
/// frame), and how it moves: an interacting-multiple-model (IMM) estimator
/// over four hypotheses (`Hypothesis`): still, steady, turning, swerving.
///
/// Why several models: people stand still, walk at a pace, and change pace;
/// no single filter is right for all three. A filter quick enough for a turn
/// passes the detector's jitter straight into the stand while the subject
/// walks steadily (at 100 ms of camera latency, ten times the error of a
/// steady model on the straight), and a steady one lags every turn. The IMM
/// runs one Kalman filter per hypothesis and weighs them every observation by
/// how well each predicted it (its likelihood), with a small chance of
/// switching between observations: on the straight the steady model steers,
/// through a turn the turning ones take over within a few frames, and on a
/// still subject the still model's long average frames it to a fraction of
/// the jitter. (Blom & Bar-Shalom's IMM; the mixing and the weights are the
/// textbook ones.)
///
/// Observations may come at any interval (the estimator is time-aware).
/// Plain stored numbers: no allocation, safe in the real-time tick.
public struct SubjectEstimator: Equatable, Sendable {
    /// What an observation did.
    public enum Update: Equatable, Sendable {
        /// The first observation (or the first after `reset`).
        case started
        case updated
        /// Too far from the prediction: started again at the observation
        /// (keeping the speed if it was significant).
        case restarted
        /// Older than the last one used, or not finite: ignored.
        case ignored
    }

    public let parameters: Parameters
    public private(set) var isStarted = false
    /// The capture time of the last observation used.
    public private(set) var time: Seconds = 0
    /// Observations folded in since the estimator (re)started.
    public private(set) var observationsSinceStart = 0
    public private(set) var hypotheses: PerHypothesis<MotionHypothesis>
    /// How likely each hypothesis is, given the observations so far (sums to 1).
    public private(set) var probabilities: PerHypothesis<Double>
    /// The subject counts as still: see `Parameters.stillEnterProbability`.
    public private(set) var isStill = false

    /// Never certain: every hypothesis keeps a sliver, so it can come back.
    static let probabilityFloor = 1e-6

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        hypotheses = PerHypothesis(
            still: MotionHypothesis(.still, density: parameters.stillDensity),
            steady: MotionHypothesis(.steady, density: parameters.steadyDensity),
            turning: MotionHypothesis(.turning, density: parameters.turningJerkDensity),
            swerving: MotionHypothesis(.turning, density: parameters.swervingJerkDensity))
        probabilities = PerHypothesis(repeating: 0.25)
    }

    /// The weighted estimate at `time`.
    public var angle: Radians { probabilities.weightedSum { hypotheses[$0].angle } }
    public var velocity: RadiansPerSecond { probabilities.weightedSum { hypotheses[$0].velocity } }
    public var acceleration: RadiansPerSecondSquared { probabilities.weightedSum { hypotheses[$0].acceleration } }
    /// The variance of the weighted velocity: each hypothesis's own, plus how
    /// far the hypotheses disagree.
    public var velocityVariance: Double {
        let mean = velocity
        return probabilities.weightedSum { h in
            let v = hypotheses[h].velocity - mean
            return hypotheses[h].velocityVariance + v * v
        }
    }

    /// Forgets the subject.
    public mutating func reset() {
        self = SubjectEstimator(parameters: parameters)
    }

    /// Folds in one observed world angle captured at `time`.
    @discardableResult
    public mutating func update(at time: Seconds, angle observed: Radians) -> Update {
        guard time.isFinite, observed.isFinite else { return .ignored }
        guard isStarted else {
            start(at: time, angle: observed, velocity: 0)
            return .started
        }
        guard time >= self.time else { return .ignored }
        let d = time - self.time

        let transition = Self.transitions(over: d, parameters)
        // c_j: the chance of being in j now, before this observation.
        let prior = probabilities.map { j, _ in
            probabilities.weightedSum { i in transition(i, j) }
        }

        // Mix each hypothesis's starting point from all of them, predict,
        // and score how well it predicted the observation.
        let r = parameters.measurementNoiseRadians * parameters.measurementNoiseRadians
        var next = hypotheses
        var logLikelihood = PerHypothesis<Double>(repeating: 0)
        var predictedAngle = 0.0
        for j in Hypothesis.allCases {
            let weights = probabilities.map { i, p in p * transition(i, j) / prior[j] }
            var h = Self.mixed(hypotheses, weights: weights, into: hypotheses[j])
            h.predict(over: d)
            let (residual, s) = h.innovation(observed, noiseVariance: r)
            logLikelihood[j] = -0.5 * (residual * residual / s + log(s))
            predictedAngle += prior[j] * h.angle
            next[j] = h
        }

        if abs(observed - predictedAngle) > parameters.jumpRadians,
            observationsSinceStart >= parameters.settlingObservations
        {
            // Keep a speed the estimator was sure of (3σ): a moving subject
            // re-detected keeps moving; a still one's noise is not carried over.
            let speed = velocity
            let kept = speed * speed > 9 * velocityVariance ? speed : 0
            start(at: time, angle: observed, velocity: kept)
            return .restarted
        }

        var best = -Double.infinity
        for j in Hypothesis.allCases {
            next[j].correct(with: observed, noiseVariance: r)
            best = max(best, logLikelihood[j])
        }
        var weights = prior.map { j, c in c * exp(logLikelihood[j] - best) }
        let total = weights.weightedSum { _ in 1 }
        weights = weights.map { _, w in max(w / total, Self.probabilityFloor) }
        let normalized = weights.weightedSum { _ in 1 }
        probabilities = weights.map { _, w in w / normalized }
        hypotheses = next
        self.time = time
        observationsSinceStart += 1
        // Still or steady at a speed too small to matter: a steady model at
        // 0 rad/s explains a still subject as well as the still one does.
        let resting = probabilities.still + probabilities.steady
        let pace = abs(hypotheses.steady.velocity)
        if isStill {
            if resting < parameters.stillLeaveProbability || pace > parameters.stillLeaveSpeedRadiansPerSecond
                || probabilities.still < parameters.stillLeaveOwnProbability
            {
                isStill = false
            }
        } else if resting > parameters.stillEnterProbability, pace < parameters.stillEnterSpeedRadiansPerSecond {
            isStill = true
        }
        return .updated
    }

    /// The subject's angle and angular velocity at `time`, extrapolated from
    /// the last observation by at most `horizonCap` seconds. Past the cap the
    /// angle stays where the cap put it and the velocity is 0: a stale
    /// prediction should stop the stand, not carry it on. A still subject is
    /// at its still hypothesis's angle, not moving.
    ///
    /// Each hypothesis is extrapolated by its own model, and a change of
    /// pace is trusted for less time than a pace. The turning hypotheses'
    /// acceleration is carried for at most `accelerationHorizon` seconds
    /// (within `h`, so never past the cap); then, with `changeFadeSeconds`, the velocity
    /// they reached fades out over that long. A person's change of pace
    /// fades within a fraction of a second, so an acceleration or a new
    /// speed measured mid-turn and carried through a stall of the link (no
    /// batch for 0.2 s) turns the stand past where the subject went, and the
    /// next batch sends it back (walk-jitter: two reversals at its first
    /// turn, the overshoot of its final stop). The steady hypothesis's pace
    /// is carried to the cap: through a stall of a steady walk the stand
    /// goes on instead of stopping. docs/TRACKING.md, "Under a varying latency".
    public func predicted(
        at time: Seconds, horizonCap: Seconds, accelerationHorizon: Seconds = .infinity,
        changeFadeSeconds: Seconds = .infinity
    ) -> (angle: Radians, velocity: RadiansPerSecond) {
        if isStill { return (hypotheses.still.angle, 0) }
        let ahead = max(time - self.time, 0)
        let h = min(ahead, horizonCap)
        var angle = 0.0
        var velocity = 0.0
        for j in Hypothesis.allCases {
            let m = hypotheses[j]
            let fade = m.model == .turning ? changeFadeSeconds : .infinity
            let p = m.extrapolated(by: h, accelerationHorizon: accelerationHorizon, velocityFadeSeconds: fade)
            angle += probabilities[j] * p.angle
            velocity += probabilities[j] * p.velocity
        }
        return (angle, ahead > horizonCap ? 0 : velocity)
    }

    private mutating func start(at time: Seconds, angle observed: Radians, velocity: RadiansPerSecond) {
        isStarted = true
        isStill = false
        observationsSinceStart = 0
        self.time = time
        let noise = parameters.measurementNoiseRadians
        let speed = parameters.initialSpeedSpreadRadiansPerSecond
        let accel = parameters.initialAccelerationSpreadRadiansPerSecondSquared
        for h in Hypothesis.allCases {
            hypotheses[h].start(
                at: observed, velocity: velocity, angleVariance: noise * noise, speedVariance: speed * speed,
                accelerationVariance: accel * accel)
        }
        // A subject kept moving through a jump is not standing still.
        let moving = (1 - Self.probabilityFloor) / 3
        probabilities = velocity == 0
            ? PerHypothesis(repeating: 0.25)
            : PerHypothesis(still: Self.probabilityFloor, steady: moving, turning: moving, swerving: moving)
    }

    /// The chance of going from hypothesis `i` to `j` in `d` seconds. A moving
    /// subject stops at `stopRatePerSecond`, lower than the other switches:
    /// every switch into `still` mixes a little of the moving hypotheses'
    /// noisier angles into the still one, and the still angle is what a
    /// still subject is framed by.
    static func transitions(over d: Seconds, _ parameters: Parameters) -> (Hypothesis, Hypothesis) -> Double {
        let others = Double(Hypothesis.allCases.count - 2)
        let leaveStill = 1 - exp(-parameters.switchRatePerSecond * (others + 1) * d)
        let stop = 1 - exp(-parameters.stopRatePerSecond * d)
        let change = 1 - exp(-parameters.switchRatePerSecond * others * d)
        return { i, j in
            switch (i, j) {
            case (.still, .still): 1 - leaveStill
            case (.still, _): leaveStill / (others + 1)
            case (_, .still): stop
            case _ where i == j: (1 - stop) * (1 - change)
            default: (1 - stop) * change / others
            }
        }
    }

    /// `into`'s model with the weighted mean of every hypothesis's state, and
    /// their covariances plus the spread of their means (the IMM's mixing).
    static func mixed(
        _ hypotheses: PerHypothesis<MotionHypothesis>, weights: PerHypothesis<Double>, into target: MotionHypothesis
    ) -> MotionHypothesis {
        var m = target
        m.angle = weights.weightedSum { hypotheses[$0].angle }
        m.velocity = weights.weightedSum { hypotheses[$0].velocity }
        m.acceleration = weights.weightedSum { hypotheses[$0].acceleration }
        m.p00 = weights.weightedSum { i in
            let h = hypotheses[i], a = h.angle - m.angle
            return h.p00 + a * a
        }
        m.p01 = weights.weightedSum { i in
            let h = hypotheses[i]
            return h.p01 + (h.angle - m.angle) * (h.velocity - m.velocity)
        }
        m.p02 = weights.weightedSum { i in
            let h = hypotheses[i]
            return h.p02 + (h.angle - m.angle) * (h.acceleration - m.acceleration)
        }
        m.p11 = weights.weightedSum { i in
            let h = hypotheses[i], v = h.velocity - m.velocity
            return h.p11 + v * v
        }
        m.p12 = weights.weightedSum { i in
            let h = hypotheses[i]
            return h.p12 + (h.velocity - m.velocity) * (h.acceleration - m.acceleration)
        }
        m.p22 = weights.weightedSum { i in
            let h = hypotheses[i], a = h.acceleration - m.acceleration
            return h.p22 + a * a
        }
        return m
    }
}
