extension TrackingController {
    /// The tuning of subject following. The defaults are what the closed-loop
    /// tests (`TrackingClosedLoop*Tests`, `SceneClosedLoopTests`) and the
    /// tracking bench were run with; docs/TRACKING.md says what each one trades.
    public struct Parameters: Equatable, Sendable {
        /// The fast filter, for subjects that walk and turn.
        public var filter: SubjectFilter.Parameters
        /// The slow filter, for subjects that drift.
        public var drift: DriftFilter.Parameters
        /// Feedback: rad/s of correction per radian of framing error, near the target.
        public var feedbackGainPerSecond: Double
        /// Far from the target the feedback is capped by √(2·a·|error|), the speed
        /// from which the axis can still stop on the target decelerating at
        /// this fraction of its acceleration cap, so a big correction does not
        /// overshoot. 0.5 keeps the switch-over to the linear law within the cap.
        public var brakingFraction: Double
        /// How far past the newest observation the subject may be extrapolated.
        public var predictionCapSeconds: Seconds
        /// No target for this long: decelerate and hold (`.lost`).
        public var lostTimeoutSeconds: Seconds
        /// The slow filter steers alone while its subject is slower than the
        /// first, not at all above the second, and a linear blend between.
        public var driftFullWeightBelowRadiansPerSecond: RadiansPerSecond
        public var driftNoWeightAboveRadiansPerSecond: RadiansPerSecond
        /// A subject is still while the slow filter (trusted) puts it below this
        /// speed and within `stillSpreadRadians` of the mean of the observations
        /// since it stopped; after `stillMinimumObservations` of them that mean
        /// is what the axis is steered to. The mean forgets past
        /// `stillWindowObservations` (exponentially, that many observations'
        /// memory), so a shift smaller than the spread is followed too.
        public var stillSpeedRadiansPerSecond: RadiansPerSecond
        public var stillSpreadRadians: Radians
        public var stillMinimumObservations: Int
        public var stillWindowObservations: Int
        /// The residual band, for sensor noise only: on a still subject the axis
        /// holds (commands exactly 0) once it is within `holdEnterRadians` of
        /// the mean and can stop within that, and corrects again past
        /// `holdExitRadians`. The gap is the hysteresis that stops hunting.
        public var holdEnterRadians: Radians
        public var holdExitRadians: Radians

        public init(
            filter: SubjectFilter.Parameters = SubjectFilter.Parameters(),
            drift: DriftFilter.Parameters = DriftFilter.Parameters(),
            feedbackGainPerSecond: Double = 10, brakingFraction: Double = 0.5,
            predictionCapSeconds: Seconds = 0.25, lostTimeoutSeconds: Seconds = 0.5,
            driftFullWeightBelowRadiansPerSecond: RadiansPerSecond = 0.25,
            driftNoWeightAboveRadiansPerSecond: RadiansPerSecond = 0.4,
            stillSpeedRadiansPerSecond: RadiansPerSecond = 0.02, stillSpreadRadians: Radians = 0.005,
            stillMinimumObservations: Int = 10, stillWindowObservations: Int = 60,
            holdEnterRadians: Radians = 0.0006, holdExitRadians: Radians = 0.0015
        ) {
            self.filter = filter
            self.drift = drift
            self.feedbackGainPerSecond = feedbackGainPerSecond
            self.brakingFraction = brakingFraction
            self.predictionCapSeconds = predictionCapSeconds
            self.lostTimeoutSeconds = lostTimeoutSeconds
            self.driftFullWeightBelowRadiansPerSecond = driftFullWeightBelowRadiansPerSecond
            self.driftNoWeightAboveRadiansPerSecond = driftNoWeightAboveRadiansPerSecond
            self.stillSpeedRadiansPerSecond = stillSpeedRadiansPerSecond
            self.stillSpreadRadians = stillSpreadRadians
            self.stillMinimumObservations = stillMinimumObservations
            self.stillWindowObservations = max(stillWindowObservations, 1)
            self.holdEnterRadians = holdEnterRadians
            self.holdExitRadians = holdExitRadians
        }
    }
}
