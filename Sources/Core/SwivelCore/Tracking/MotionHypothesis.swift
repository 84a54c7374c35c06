/// One way a subject may be moving, as `SubjectEstimator` weighs it: a Kalman
/// filter on its WORLD angle, angular velocity and angular acceleration under
/// one motion model.
///
/// - `still`: the angle wanders by a tiny random walk; velocity and
///   acceleration are 0 by definition.
/// - `steady`: constant velocity, perturbed by white acceleration (a person
///   walking at a pace, or drifting at a desk).
/// - `turning`: constant acceleration, perturbed by white jerk (a person
///   changing pace or direction).
///
/// Every model keeps the same three-number state so the estimator can mix
/// them; a model's `F` zeroes what it does not have (a still subject's speed,
/// a steady one's acceleration), so mixing never leaks a speed into `still`.
/// Plain stored numbers: no allocation, safe in the real-time tick.
public struct MotionHypothesis: Equatable, Sendable {
    public enum Model: Equatable, Sendable {
        case still
        case steady
        case turning
    }

    public let model: Model
    /// The spectral density of the model's white noise: rad²/s for `still`
    /// (the angle's own random walk), rad²/s³ for `steady` (acceleration),
    /// rad²/s⁵ for `turning` (jerk).
    public let density: Double
    public internal(set) var angle: Radians = 0
    public internal(set) var velocity: RadiansPerSecond = 0
    public internal(set) var acceleration: RadiansPerSecondSquared = 0
    // The symmetric 3×3 covariance of (angle, velocity, acceleration).
    var p00 = 0.0, p01 = 0.0, p02 = 0.0, p11 = 0.0, p12 = 0.0, p22 = 0.0

    public init(_ model: Model, density: Double) {
        self.model = model
        self.density = density
    }

    public var velocityVariance: Double { p11 }
    public var angleVariance: Double { p00 }

    /// Starts at `observed`, moving at `velocity` (ignored by `still`).
    mutating func start(
        at observed: Radians, velocity: RadiansPerSecond, angleVariance: Double, speedVariance: Double,
        accelerationVariance: Double
    ) {
        angle = observed
        self.velocity = model == .still ? 0 : velocity
        acceleration = 0
        p00 = angleVariance
        p11 = model == .still ? 0 : speedVariance
        p22 = model == .turning ? accelerationVariance : 0
        p01 = 0
        p02 = 0
        p12 = 0
    }

    /// Moves the state and covariance `d` seconds on: x ← F x, P ← F P Fᵀ + Q.
    mutating func predict(over d: Seconds) {
        let q = density
        switch model {
        case .still:
            velocity = 0
            acceleration = 0
            p00 += q * d
            (p01, p02, p11, p12, p22) = (0, 0, 0, 0, 0)
        case .steady:
            angle += velocity * d
            acceleration = 0
            let m00 = p00 + 2 * d * p01 + d * d * p11 + q * d * d * d / 3
            let m01 = p01 + d * p11 + q * d * d / 2
            let m11 = p11 + q * d
            (p00, p01, p11) = (m00, m01, m11)
            (p02, p12, p22) = (0, 0, 0)
        case .turning:
            let h = d * d / 2
            angle += velocity * d + acceleration * h
            velocity += acceleration * d
            let a00 = p00 + d * p01 + h * p02, a01 = p01 + d * p11 + h * p12, a02 = p02 + d * p12 + h * p22
            let a11 = p11 + d * p12, a12 = p12 + d * p22
            let d2 = d * d, d3 = d2 * d
            p00 = a00 + d * a01 + h * a02 + q * d3 * d2 / 20
            p01 = a01 + d * a02 + q * d2 * d2 / 8
            p02 = a02 + q * d3 / 6
            p11 = a11 + d * a12 + q * d3 / 3
            p12 = a12 + q * d2 / 2
            p22 += q * d
        }
    }

    /// The innovation of `observed` against the predicted angle: the residual
    /// and its variance.
    func innovation(_ observed: Radians, noiseVariance: Double) -> (residual: Radians, variance: Double) {
        (observed - angle, p00 + noiseVariance)
    }

    /// Folds in `observed` (after `predict`).
    mutating func correct(with observed: Radians, noiseVariance: Double) {
        let (residual, s) = innovation(observed, noiseVariance: noiseVariance)
        let k0 = p00 / s, k1 = p01 / s, k2 = p02 / s
        angle += k0 * residual
        velocity += k1 * residual
        acceleration += k2 * residual
        // P ← P − K·(row 0 of P); stays symmetric.
        p11 -= k1 * p01
        p12 -= k1 * p02
        p22 -= k2 * p02
        p00 -= k0 * p00
        p01 -= k0 * p01
        p02 -= k0 * p02
    }

    /// Angle and velocity `h` seconds after the state's time, under this
    /// model: the acceleration held for at most `accelerationHorizon` of
    /// them, then the velocity reached fading linearly to 0 over
    /// `velocityFadeSeconds` (∞: held) and the angle its integral (see
    /// `SubjectEstimator.predicted(at:horizonCap:accelerationHorizon:changeFadeSeconds:)`).
    func extrapolated(
        by h: Seconds, accelerationHorizon: Seconds = .infinity, velocityFadeSeconds: Seconds = .infinity
    ) -> (angle: Radians, velocity: RadiansPerSecond) {
        let accelerating = min(h, max(accelerationHorizon, 0))
        let reached = velocity + acceleration * accelerating
        let angleReached = angle + velocity * accelerating + acceleration * accelerating * accelerating / 2
        let coasting = h - accelerating
        guard velocityFadeSeconds.isFinite, velocityFadeSeconds > 0 else {
            return (angleReached + reached * coasting, reached)
        }
        let fading = min(coasting, velocityFadeSeconds)
        return (
            angleReached + reached * (fading - fading * fading / (2 * velocityFadeSeconds)),
            reached * (1 - fading / velocityFadeSeconds)
        )
    }
}
