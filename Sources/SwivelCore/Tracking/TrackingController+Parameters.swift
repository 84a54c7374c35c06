extension TrackingController {
    /// The tuning of subject following. The defaults are what the closed-loop
    /// tests (`TrackingClosedLoop*Tests`) were run with; docs/TRACKING.md says
    /// what each one trades.
    public struct Parameters: Equatable, Sendable {
        public var filter: SubjectFilter.Parameters
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
        /// The deadband: an axis stops correcting (holds) once its error is
        /// below `deadbandEnterRadians`, the subject is slower than
        /// `stillSpeedRadiansPerSecond` and the axis itself can stop within
        /// `deadbandEnterRadians`; it starts again once the error exceeds
        /// `deadbandExitRadians` or the subject is faster than
        /// `movingSpeedRadiansPerSecond`. The gap between enter and exit is the
        /// hysteresis that stops hunting.
        public var deadbandEnterRadians: Radians
        public var deadbandExitRadians: Radians
        public var stillSpeedRadiansPerSecond: RadiansPerSecond
        public var movingSpeedRadiansPerSecond: RadiansPerSecond

        public init(
            filter: SubjectFilter.Parameters = SubjectFilter.Parameters(),
            feedbackGainPerSecond: Double = 10, brakingFraction: Double = 0.5,
            predictionCapSeconds: Seconds = 0.25, lostTimeoutSeconds: Seconds = 0.5,
            deadbandEnterRadians: Radians = 0.01, deadbandExitRadians: Radians = 0.04,
            stillSpeedRadiansPerSecond: RadiansPerSecond = 0.15, movingSpeedRadiansPerSecond: RadiansPerSecond = 0.6
        ) {
            self.filter = filter
            self.feedbackGainPerSecond = feedbackGainPerSecond
            self.brakingFraction = brakingFraction
            self.predictionCapSeconds = predictionCapSeconds
            self.lostTimeoutSeconds = lostTimeoutSeconds
            self.deadbandEnterRadians = deadbandEnterRadians
            self.deadbandExitRadians = deadbandExitRadians
            self.stillSpeedRadiansPerSecond = stillSpeedRadiansPerSecond
            self.movingSpeedRadiansPerSecond = movingSpeedRadiansPerSecond
        }
    }
}
