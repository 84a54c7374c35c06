extension SubjectEstimator {
    /// The tuning of the estimator. The defaults are what the closed-loop
    /// tests and the tracking bench ran with; docs/TRACKING.md says what each
    /// one trades.
    public struct Parameters: Equatable, Sendable {
        /// The standard deviation of one observation's angle: a detector's
        /// jitter of a few pixels is a few milliradians.
        public var measurementNoiseRadians: Radians
        /// How far a still subject's angle may wander, rad²/s: its mean
        /// forgets over seconds, so a small shift is followed.
        public var stillDensity: Double
        /// A steady subject's white acceleration, rad²/s³: small, so its speed
        /// is averaged over about a second (a 0.03 rad/s drift is clear).
        public var steadyDensity: Double
        /// White jerk, rad²/s⁵, of the `turning` hypothesis (a walker's change
        /// of pace over about a second) and of `swerving` (sharper ones).
        public var turningJerkDensity: Double
        public var swervingJerkDensity: Double
        /// How often, per second, the subject is expected to leave a
        /// hypothesis for another one (split evenly among the others). Higher
        /// switches sooner and is fooled by noise more often.
        public var switchRatePerSecond: Double
        /// How often, per second, a moving subject is expected to stop: lower
        /// than the other switches (see `SubjectEstimator.transitions`).
        public var stopRatePerSecond: Double
        /// The spread of the speed and acceleration assumed at a (re)start.
        public var initialSpeedSpreadRadiansPerSecond: RadiansPerSecond
        public var initialAccelerationSpreadRadiansPerSecondSquared: RadiansPerSecondSquared
        /// An observation this far from the prediction is not motion, it is a
        /// different place (a new subject, a re-detection): every hypothesis
        /// starts again there rather than swinging through it. A speed the
        /// estimator was sure of (beyond 3σ) is kept, so a spurious jump while
        /// the subject moves does not stop the stand. Not applied to the first
        /// `settlingObservations` after a start, while a subject that may
        /// already be moving fast is learnt. 8 × the measurement noise.
        public var jumpRadians: Radians
        public var settlingObservations: Int
        /// The subject counts as still (steered to the still hypothesis's
        /// angle, with the residual band) once that hypothesis is more likely
        /// than the first, and stops counting below the second: hysteresis,
        /// so one noisy frame does not move a stand on a still subject.
        public var stillEnterProbability: Double
        public var stillLeaveProbability: Double
        /// The state is also left once the still hypothesis itself falls
        /// below this, whatever the steady one says: a subject starting to
        /// drift is explained by the steady hypothesis at a speed still under
        /// the leave speed, and while the state lasts the axis is steered to
        /// the still angle, a long mean that lags the drift.
        public var stillLeaveOwnProbability: Double
        public var stillEnterSpeedRadiansPerSecond: RadiansPerSecond
        public var stillLeaveSpeedRadiansPerSecond: RadiansPerSecond

        public init(
            measurementNoiseRadians: Radians = 0.005, stillDensity: Double = 1e-6, steadyDensity: Double = 1e-4,
            turningJerkDensity: Double = 5, swervingJerkDensity: Double = 30, switchRatePerSecond: Double = 0.3, stopRatePerSecond: Double = 0.03,
            initialSpeedSpreadRadiansPerSecond: RadiansPerSecond = 1,
            initialAccelerationSpreadRadiansPerSecondSquared: RadiansPerSecondSquared = 2,
            jumpRadians: Radians = 0.04, settlingObservations: Int = 3,
            stillEnterProbability: Double = 0.8, stillLeaveProbability: Double = 0.5, stillLeaveOwnProbability: Double = 0.2,
            stillEnterSpeedRadiansPerSecond: RadiansPerSecond = 0.015, stillLeaveSpeedRadiansPerSecond: RadiansPerSecond = 0.025
        ) {
            self.measurementNoiseRadians = measurementNoiseRadians
            self.stillDensity = stillDensity
            self.steadyDensity = steadyDensity
            self.turningJerkDensity = turningJerkDensity
            self.swervingJerkDensity = swervingJerkDensity
            self.switchRatePerSecond = switchRatePerSecond
            self.stopRatePerSecond = stopRatePerSecond
            self.initialSpeedSpreadRadiansPerSecond = initialSpeedSpreadRadiansPerSecond
            self.initialAccelerationSpreadRadiansPerSecondSquared = initialAccelerationSpreadRadiansPerSecondSquared
            self.jumpRadians = jumpRadians
            self.settlingObservations = settlingObservations
            self.stillEnterProbability = stillEnterProbability
            self.stillLeaveProbability = stillLeaveProbability
            self.stillLeaveOwnProbability = stillLeaveOwnProbability
            self.stillEnterSpeedRadiansPerSecond = stillEnterSpeedRadiansPerSecond
            self.stillLeaveSpeedRadiansPerSecond = stillLeaveSpeedRadiansPerSecond
        }
    }
}
