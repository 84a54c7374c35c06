extension SubjectSelector {
    /// The tuning of automatic selection. Fields are `let` and checked at init,
    /// so a score can never become NaN from a setting.
    public struct Configuration: Equatable, Sendable {
        /// The parts of a subject's score (see `Configuration.score(of:framingTarget:)`).
        public struct Weights: Equatable, Sendable {
            /// Multiplies a person's (face or body) score.
            public let person: Double
            /// Multiplies an object's score: below `person` so people come first.
            public let object: Double
            /// Weight of √(visible area): the linear size, so doubling a face's
            /// area does not double its pull.
            public let size: Double
            /// Weight of closeness to the framing target, 1 on it, 0 a diagonal away.
            public let closeness: Double
            /// The score is multiplied by `1 + speakingBoost × speakingConfidence`.
            public let speakingBoost: Double
            /// The score is multiplied by `1 + lookingBoost × lookingAtCameraConfidence`.
            public let lookingBoost: Double

            /// Throws `invalidParameter` for a non-finite or negative weight.
            public init(
                person: Double = 1, object: Double = 0.4, size: Double = 1, closeness: Double = 0.3,
                speakingBoost: Double = 0.5, lookingBoost: Double = 0.25
            ) throws(SwivelError) {
                for value in [person, object, size, closeness, speakingBoost, lookingBoost] {
                    try Configuration.check(value)
                }
                self.init(
                    unchecked: person, object: object, size: size, closeness: closeness,
                    speakingBoost: speakingBoost, lookingBoost: lookingBoost)
            }

            private init(
                unchecked person: Double, object: Double, size: Double, closeness: Double,
                speakingBoost: Double, lookingBoost: Double
            ) {
                self.person = person
                self.object = object
                self.size = size
                self.closeness = closeness
                self.speakingBoost = speakingBoost
                self.lookingBoost = lookingBoost
            }

            public static let `default` = Weights(
                unchecked: 1, object: 0.4, size: 1, closeness: 0.3, speakingBoost: 0.5, lookingBoost: 0.25)
        }

        /// A challenger must score more than `(1 + hysteresisMargin)` × the
        /// primary's score to start taking over.
        public let hysteresisMargin: Double
        /// ...and keep doing so in every batch for this long.
        public let minimumDwellSeconds: Seconds
        /// An identifier not seen for MORE than this loses its UUID (and its place
        /// in a lock); seen again, it is a new subject.
        public let forgetAfterSeconds: Seconds
        /// A primary missing from batches for up to this long keeps its place
        /// (and nobody is framed meanwhile): a detector's dropout of a frame or
        /// two must not swing the camera to someone else.
        public let primaryGraceSeconds: Seconds
        public let weights: Weights

        /// Throws `invalidParameter` for a non-finite or negative setting.
        public init(
            hysteresisMargin: Double = 0.25, minimumDwellSeconds: Seconds = 0.5, forgetAfterSeconds: Seconds = 1,
            primaryGraceSeconds: Seconds = 0.3, weights: Weights = .default
        ) throws(SwivelError) {
            for value in [hysteresisMargin, minimumDwellSeconds, forgetAfterSeconds, primaryGraceSeconds] {
                try Self.check(value)
            }
            self.init(
                unchecked: hysteresisMargin, minimumDwellSeconds: minimumDwellSeconds,
                forgetAfterSeconds: forgetAfterSeconds, primaryGraceSeconds: primaryGraceSeconds, weights: weights)
        }

        private init(
            unchecked hysteresisMargin: Double, minimumDwellSeconds: Seconds, forgetAfterSeconds: Seconds,
            primaryGraceSeconds: Seconds, weights: Weights
        ) {
            self.hysteresisMargin = hysteresisMargin
            self.minimumDwellSeconds = minimumDwellSeconds
            self.forgetAfterSeconds = forgetAfterSeconds
            self.primaryGraceSeconds = primaryGraceSeconds
            self.weights = weights
        }

        public static let `default` = Configuration(
            unchecked: 0.25, minimumDwellSeconds: 0.5, forgetAfterSeconds: 1, primaryGraceSeconds: 0.3, weights: .default)

        fileprivate static func check(_ value: Double) throws(SwivelError) {
            guard value.isFinite else { throw .invalid(.nonFiniteValue, value: value) }
            guard value >= 0 else { throw .invalid(.negativeSelectionSetting, value: value) }
        }
    }
}
