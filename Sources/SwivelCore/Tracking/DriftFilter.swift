/// A slow Kalman filter on one WORLD angle of the subject: angle and angular
/// velocity, with white-noise acceleration of a small density.
///
/// Why a second filter: `SubjectFilter` is tuned for people who walk and turn,
/// so it averages little (its velocity is uncertain to ~0.1 rad/s at 30 fps)
/// and a subject drifting at 0.05 rad/s looks still to it. This one averages
/// over about a second: a drift of a few hundredths of a rad/s is clear to it,
/// and a still subject's angle is known to ~1 mrad. It is only right while the
/// subject moves steadily, so every observation is also a test of it: once
/// its residuals lean one way (the subject changed pace) or one is a jump, it
/// takes the fast filter's state and starts averaging again from there.
///
/// Plain stored numbers: no allocation, safe in the real-time tick.
public struct DriftFilter: Equatable, Sendable {
    public struct Parameters: Equatable, Sendable {
        /// Spectral density of the subject's acceleration, rad²/s³: small,
        /// so the filter averages over about a second.
        public var accelerationDensity: Double
        /// How quickly the running mean of the normalized residuals forgets, per
        /// observation (0…1): 0.3 weighs about the last three.
        public var consistencyWeight: Double
        /// The running mean of normalized residuals beyond which the model is
        /// wrong (the subject changed pace) and the filter resyncs. For white
        /// residuals of the assumed noise that mean has σ ≈ 0.42, so 1.2 is
        /// 2.9σ: a false alarm every few hundred observations, rarer with a
        /// detector steadier than assumed, and one costs only the
        /// `trustAfterObservations` before the filter steers again. It sees a
        /// change of pace a frame or two sooner than 1.8 did, which the walk
        /// and drift scenes measured (docs/TRACKING.md, "Measured").
        public var consistencyLimit: Double
        /// Observations after a resync before the filter is trusted.
        public var trustAfterObservations: Int

        public init(
            accelerationDensity: Double = 1e-4, consistencyWeight: Double = 0.3, consistencyLimit: Double = 1.2,
            trustAfterObservations: Int = 6
        ) {
            self.accelerationDensity = accelerationDensity
            self.consistencyWeight = consistencyWeight
            self.consistencyLimit = consistencyLimit
            self.trustAfterObservations = trustAfterObservations
        }
    }

    public let parameters: Parameters
    public private(set) var time: Seconds = 0
    public private(set) var angle: Radians = 0
    public private(set) var velocity: RadiansPerSecond = 0
    /// Observations folded in since the last resync.
    public private(set) var observationsSinceSync = 0
    /// The running mean of the normalized residuals (see `consistencyLimit`).
    public private(set) var consistency = 0.0
    private var p00 = 0.0, p01 = 0.0, p11 = 0.0

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
    }

    /// Steady enough to steer by: resynced long enough ago.
    public var isTrusted: Bool { observationsSinceSync >= parameters.trustAfterObservations }

    /// The velocity's standard deviation.
    public var velocitySpread: RadiansPerSecond { p11.squareRoot() }

    /// Starts again from the fast filter's state (its estimate is the best there is).
    public mutating func sync(to fast: SubjectFilter) {
        time = fast.time
        angle = fast.angle
        velocity = fast.velocity
        p00 = fast.angleVariance
        p01 = fast.angleVelocityCovariance
        p11 = fast.velocityVariance
        observationsSinceSync = 0
        consistency = 0
    }

    /// Folds in an observation the fast filter has just taken; resyncs to it
    /// when this filter's model no longer fits.
    public mutating func update(
        at time: Seconds, angle observed: Radians, noise: Radians, jump: Radians, fast: SubjectFilter
    ) {
        guard time.isFinite, observed.isFinite, time >= self.time else { return }
        let d = time - self.time
        let q = parameters.accelerationDensity
        let predictedAngle = angle + velocity * d
        var m00 = p00 + 2 * d * p01 + d * d * p11 + q * d * d * d / 3
        var m01 = p01 + d * p11 + q * d * d / 2
        var m11 = p11 + q * d
        let r = noise * noise
        let s = m00 + r
        let residual = observed - predictedAngle
        let w = parameters.consistencyWeight
        consistency = (1 - w) * consistency + w * residual / s.squareRoot()
        if abs(residual) > jump || abs(consistency) > parameters.consistencyLimit {
            sync(to: fast)
            return
        }
        let k0 = m00 / s, k1 = m01 / s
        angle = predictedAngle + k0 * residual
        velocity += k1 * residual
        m11 -= k1 * m01
        m01 -= k0 * m01
        m00 -= k0 * m00
        (p00, p01, p11) = (m00, m01, m11)
        self.time = time
        observationsSinceSync += 1
    }
}
