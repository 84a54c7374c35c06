extension TrackingController {
    /// The tuning of subject following. The defaults are what the closed-loop
    /// tests (`TrackingClosedLoop*Tests`, `SceneClosedLoopTests`) and the
    /// tracking bench were run with; docs/TRACKING.md says what each one trades.
    public struct Parameters: Equatable, Sendable {
        /// The estimator of the subject's angle on each axis.
        public var estimator: SubjectEstimator.Parameters
        /// Feedback: rad/s of correction per radian of framing error, near the target.
        public var feedbackGainPerSecond: Double
        /// Far from the target the feedback is capped by √(2·a·|error|), the speed
        /// from which the axis can still stop on the target decelerating at
        /// this fraction of its acceleration cap, so a big correction does not
        /// overshoot. 0.5 keeps the switch-over to the linear law within the cap.
        public var brakingFraction: Double
        /// How far past the newest observation the subject may be
        /// extrapolated: a steady pace is carried this far, so a stall of
        /// the link during a steady walk (150 ms on top of a latency of up
        /// to 126 ms) does not stop the stand; past it the prediction stops.
        public var predictionCapSeconds: Seconds
        /// The estimate's acceleration is extrapolated only over the newest
        /// observation's age at its arrival plus this (a frame interval and a
        /// dropped frame's worth), the velocity constant after: a batch that
        /// is late past that (a stall) does not carry a fading turn on.
        public var accelerationSlackSeconds: Seconds
        /// Past that, the speed a change of pace reached (the turning
        /// hypotheses') fades to 0 over this long: a new speed measured
        /// mid-turn is as short-lived as the turn, and carried through a
        /// stall it runs the stand past a subject that stopped.
        public var changeFadeSeconds: Seconds
        /// A stall: once the newest observation is older than its age at
        /// arrival plus this (the next batch two frames late at 30 fps), the
        /// feedback keeps only the still and steady hypotheses' share of its
        /// gain. The turning ones' prediction is then a change of pace run
        /// on past the evidence; chasing it at the full gain swings the
        /// stand after noise, and the batch behind the stall sends it back.
        public var stallFeedbackAfterSeconds: Seconds
        /// No target for this long: decelerate and hold (`.lost`).
        public var lostTimeoutSeconds: Seconds
        /// The residual band, for sensor noise only: on a still subject the axis
        /// holds (commands exactly 0) once it is within `holdEnterRadians` of
        /// the mean and can stop within that, and corrects again past
        /// `holdExitRadians`. The gap is the hysteresis that stops hunting.
        public var holdEnterRadians: Radians
        public var holdExitRadians: Radians
        /// The exit is at least this many standard deviations of the still
        /// angle itself: a subject seen for a few frames has a mean known only
        /// to a few milliradians, and the band must not chase it.
        public var holdExitSigmas: Double
        /// Until the axis first moves, it waits for this many observations
        /// (half a second at 30 fps) unless the subject is farther off than
        /// the estimator's jump threshold: an estimate that young is noise.
        public var acquisitionObservations: Int
        /// Reversals of the commanded rate need evidence beyond the noise: a
        /// moving subject's axis turns back only when it is this far past the
        /// subject's predicted angle (six times the estimator's measurement
        /// σ: an overshoot, not jitter) and the subject no longer comes its
        /// way (else it reaches the axis by itself), or the subject's predicted velocity
        /// has turned (beyond `reversalVelocitySigmas` of the estimate's spread
        /// and `reversalFloorRadiansPerSecond`); until then it holds (commands
        /// 0, or goes on slower: `reversalCreepFraction`). A rate within the
        /// floor has no direction. docs/TRACKING.md, "Under a varying
        /// latency". Past `reversalHoldLimitSeconds` the reversal goes
        /// through once the error grows (`reversalGrowthRadians`): the evidence
        /// may be slow to come (a subject turning slowly), and the stand must
        /// not stay behind longer than a drift may be held.
        public var reversalErrorRadians: Radians
        public var reversalHoldLimitSeconds: Seconds
        /// The hold limit lets a reversal through only once the error has
        /// grown past its size when the hold began by this much (one
        /// detection's noise): a subject closing on the axis is waited for.
        public var reversalGrowthRadians: Radians
        /// While the guard holds back a reversal and the subject still comes
        /// the axis's way, too slowly to arrive within the hold limit, the
        /// axis goes on at this fraction of the subject's speed instead of
        /// stopping: the subject catches up, and nothing stops while it moves.
        public var reversalCreepFraction: Double
        public var reversalVelocitySigmas: Double
        /// A subject that comes the axis's way by less evidence, beyond this
        /// many σ of the estimate's velocity, is also waited for while the
        /// axis is at most `reversalComingOvershootRadians` past it. Near a
        /// walker's stop or turn the hypotheses disagree, the velocity's σ
        /// is wide, and a subject coming back at 0.17 ± 0.09 rad/s to an
        /// axis 0.04 rad past it arrives within a quarter second: turning
        /// back first is two reversals for none. An overshoot larger than
        /// that (a runner's turn, 0.1 rad or more) needs the full evidence
        /// to be waited for, or the axis stays behind the turn.
        public var reversalComingSigmas: Double
        public var reversalComingOvershootRadians: Radians
        public var reversalFloorRadiansPerSecond: RadiansPerSecond

        public init(
            estimator: SubjectEstimator.Parameters = SubjectEstimator.Parameters(),
            feedbackGainPerSecond: Double = 10, brakingFraction: Double = 0.5,
            predictionCapSeconds: Seconds = 0.4, accelerationSlackSeconds: Seconds = 0.05,
            changeFadeSeconds: Seconds = 0.15, stallFeedbackAfterSeconds: Seconds = 0.07,
            lostTimeoutSeconds: Seconds = 0.5,
            holdEnterRadians: Radians = 0.0006, holdExitRadians: Radians = 0.0015, holdExitSigmas: Double = 2,
            acquisitionObservations: Int = 15,
            reversalErrorRadians: Radians = 0.03, reversalVelocitySigmas: Double = 2,
            reversalComingSigmas: Double = 1, reversalComingOvershootRadians: Radians = 0.06,
            reversalFloorRadiansPerSecond: RadiansPerSecond = 0.01, reversalHoldLimitSeconds: Seconds = 0.25,
            reversalGrowthRadians: Radians = 0.005, reversalCreepFraction: Double = 0.3
        ) {
            self.reversalGrowthRadians = reversalGrowthRadians
            self.reversalCreepFraction = reversalCreepFraction
            self.reversalHoldLimitSeconds = reversalHoldLimitSeconds
            self.reversalErrorRadians = reversalErrorRadians
            self.reversalVelocitySigmas = reversalVelocitySigmas
            self.reversalComingSigmas = reversalComingSigmas
            self.reversalComingOvershootRadians = reversalComingOvershootRadians
            self.reversalFloorRadiansPerSecond = reversalFloorRadiansPerSecond
            self.estimator = estimator
            self.feedbackGainPerSecond = feedbackGainPerSecond
            self.brakingFraction = brakingFraction
            self.predictionCapSeconds = predictionCapSeconds
            self.accelerationSlackSeconds = accelerationSlackSeconds
            self.changeFadeSeconds = changeFadeSeconds
            self.stallFeedbackAfterSeconds = stallFeedbackAfterSeconds
            self.lostTimeoutSeconds = lostTimeoutSeconds
            self.holdEnterRadians = holdEnterRadians
            self.holdExitRadians = holdExitRadians
            self.holdExitSigmas = holdExitSigmas
            self.acquisitionObservations = acquisitionObservations
        }
    }
}
