/// A Kalman filter on one WORLD angle of the subject (yaw or pitch in the
/// stand's base frame): its angle, angular velocity and angular acceleration.
///
/// Why acceleration: the observations arrive a camera latency late, so the
/// controller has to predict ~0.1 s ahead. A constant-velocity model keeps
/// extrapolating the old speed through a person's turn; modelling the
/// acceleration (white-noise jerk, the alpha-beta-gamma family) sees the turn
/// coming and halved the framing error in the closed-loop tests.
///
/// Observations may come at any interval (the filter is time-aware). Plain
/// stored numbers: no allocation, safe in the real-time tick.
public struct SubjectFilter: Equatable, Sendable {
    public struct Parameters: Equatable, Sendable {
        /// The standard deviation of one observation's angle: a detector's
        /// jitter of a few pixels is a few milliradians.
        public var measurementNoiseRadians: Radians
        /// How hard the subject may change its acceleration: the spectral
        /// density of the jerk, in rad²/s⁵. Higher follows turns sooner and
        /// passes more noise.
        public var jerkDensity: Double
        /// The spread of the velocity and acceleration a fresh filter assumes
        /// before it has seen any motion.
        public var initialSpeedSpreadRadiansPerSecond: RadiansPerSecond
        public var initialAccelerationSpreadRadiansPerSecondSquared: RadiansPerSecondSquared
        /// An observation this far from the prediction is not motion, it is a
        /// different place (a new subject, a re-detection): the filter starts
        /// again there rather than swinging through it (an acceleration filter
        /// answers a step by overshooting it ~2×). A velocity the filter was
        /// sure of (beyond 3σ) is kept, its spread reset, so a spurious jump
        /// during motion does not stop the stand. Not applied to the first `settlingObservations` after a
        /// start, while the filter is still learning a subject that may
        /// already be moving fast. 8 × the measurement noise by default.
        public var jumpRadians: Radians
        public var settlingObservations: Int
        /// How sure the filter must be of a velocity or acceleration before a
        /// prediction extrapolates with it, in standard deviations. Each term
        /// x is scaled by max(0, 1 − (k·σ/x)²): a clear motion is used almost
        /// whole, noise around zero not at all (a still subject's noise,
        /// carried a camera latency ahead, would move the stand; right after
        /// a start the estimates are mostly noise).
        public var extrapolationSignificance: Double

        public init(
            measurementNoiseRadians: Radians = 0.005, jerkDensity: Double = 30,
            initialSpeedSpreadRadiansPerSecond: RadiansPerSecond = 1,
            initialAccelerationSpreadRadiansPerSecondSquared: RadiansPerSecondSquared = 2,
            jumpRadians: Radians = 0.04, settlingObservations: Int = 3, extrapolationSignificance: Double = 1
        ) {
            self.measurementNoiseRadians = measurementNoiseRadians
            self.jerkDensity = jerkDensity
            self.initialSpeedSpreadRadiansPerSecond = initialSpeedSpreadRadiansPerSecond
            self.initialAccelerationSpreadRadiansPerSecondSquared = initialAccelerationSpreadRadiansPerSecondSquared
            self.jumpRadians = jumpRadians
            self.settlingObservations = settlingObservations
            self.extrapolationSignificance = extrapolationSignificance
        }
    }

    /// What an observation did to the filter.
    public enum Update: Equatable, Sendable {
        /// The first observation (or the first after `reset`).
        case started
        case updated
        /// Too far from the prediction: started again at the observation
        /// (keeping the velocity if it was significant).
        case restarted
        /// Older than the last one used, or not finite: ignored.
        case ignored
    }

    public let parameters: Parameters
    public private(set) var isStarted = false
    /// The capture time of the last observation used.
    public private(set) var time: Seconds = 0
    public private(set) var angle: Radians = 0
    public private(set) var velocity: RadiansPerSecond = 0
    public private(set) var acceleration: RadiansPerSecondSquared = 0
    /// Observations folded in since the filter (re)started.
    public private(set) var observationsSinceStart = 0
    // The symmetric 3×3 covariance of (angle, velocity, acceleration).
    private var p00 = 0.0, p01 = 0.0, p02 = 0.0, p11 = 0.0, p12 = 0.0, p22 = 0.0

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
    }

    /// The covariance terms `DriftFilter.sync(to:)` starts from.
    public var angleVariance: Double { p00 }
    public var angleVelocityCovariance: Double { p01 }
    public var velocityVariance: Double { p11 }

    /// Forgets the subject.
    public mutating func reset() {
        isStarted = false
        angle = 0
        velocity = 0
        acceleration = 0
    }

    /// Folds in one observed world angle captured at `time`.
    @discardableResult
    public mutating func update(at time: Seconds, angle observed: Radians) -> Update {
        guard time.isFinite, observed.isFinite else { return .ignored }
        guard isStarted else {
            start(at: time, angle: observed)
            return .started
        }
        guard time >= self.time else { return .ignored }
        let d = time - self.time
        let h = d * d / 2

        // Predict: x ← F x, P ← F P Fᵀ + Q, F = [[1, d, d²/2], [0, 1, d], [0, 0, 1]].
        let predictedAngle = angle + velocity * d + acceleration * h
        let predictedVelocity = velocity + acceleration * d
        let a00 = p00 + d * p01 + h * p02, a01 = p01 + d * p11 + h * p12, a02 = p02 + d * p12 + h * p22
        let a11 = p11 + d * p12, a12 = p12 + d * p22
        let q = parameters.jerkDensity
        let d2 = d * d, d3 = d2 * d
        var m00 = a00 + d * a01 + h * a02 + q * d3 * d2 / 20
        var m01 = a01 + d * a02 + q * d2 * d2 / 8
        var m02 = a02 + q * d3 / 6
        var m11 = a11 + d * a12 + q * d3 / 3
        var m12 = a12 + q * d2 / 2
        var m22 = p22 + q * d

        let residual = observed - predictedAngle
        if abs(residual) > parameters.jumpRadians, observationsSinceStart >= parameters.settlingObservations {
            start(at: time, angle: observed)
            // Keep a speed the filter is sure of (3σ): a moving subject
            // re-detected keeps moving; a still one's noise is not carried over.
            if abs(predictedVelocity) > 3 * m11.squareRoot() { velocity = predictedVelocity }
            return .restarted
        }

        // Update with the observed angle.
        let r = parameters.measurementNoiseRadians * parameters.measurementNoiseRadians
        let s = m00 + r
        let k0 = m00 / s, k1 = m01 / s, k2 = m02 / s
        angle = predictedAngle + k0 * residual
        velocity = predictedVelocity + k1 * residual
        acceleration += k2 * residual
        // P ← P − K·(row 0 of P); stays symmetric.
        m11 -= k1 * m01
        m12 -= k1 * m02
        m22 -= k2 * m02
        m00 -= k0 * m00
        m01 -= k0 * m01
        m02 -= k0 * m02
        (p00, p01, p02, p11, p12, p22) = (m00, m01, m02, m11, m12, m22)
        self.time = time
        observationsSinceStart += 1
        return .updated
    }

    /// The subject's angle and angular velocity at `time`, extrapolated from
    /// the last observation by at most `horizonCap` seconds. Past the cap the
    /// angle stays where the cap put it and the velocity is 0: a stale
    /// prediction should stop the stand, not carry it on.
    public func predicted(at time: Seconds, horizonCap: Seconds) -> (angle: Radians, velocity: RadiansPerSecond) {
        let ahead = max(time - self.time, 0)
        let h = min(ahead, horizonCap)
        let k = parameters.extrapolationSignificance
        let speed = Self.significant(velocity, spread: p11.squareRoot(), k: k)
        let acceleration = Self.significant(self.acceleration, spread: p22.squareRoot(), k: k)
        let position = angle + speed * h + acceleration * h * h / 2
        return (position, ahead > horizonCap ? 0 : speed + acceleration * h)
    }

    /// `value` scaled down the closer it is to its own noise (see
    /// `extrapolationSignificance`): × max(0, 1 − (k·spread/value)²).
    public static func significant(_ value: Double, spread: Double, k: Double) -> Double {
        guard k > 0 else { return value }
        let square = value * value
        guard square > 0 else { return 0 }
        return value * max(0, 1 - k * k * spread * spread / square)
    }

    private mutating func start(at time: Seconds, angle observed: Radians) {
        isStarted = true
        observationsSinceStart = 0
        self.time = time
        angle = observed
        velocity = 0
        acceleration = 0
        let speed = parameters.initialSpeedSpreadRadiansPerSecond
        let accel = parameters.initialAccelerationSpreadRadiansPerSecondSquared
        p00 = parameters.measurementNoiseRadians * parameters.measurementNoiseRadians
        p11 = speed * speed
        p22 = accel * accel
        p01 = 0
        p02 = 0
        p12 = 0
    }
}
