internal import SwivelKit

extension DockAccessory {
    /// Where the axes are and how fast they turn, at the stand's motion-state rate (50 Hz by default).
    public struct MotionState: Sendable {
        /// Radians, measured through the encoders (commanded on an axis without one).
        public let angularPositions: Vector3D
        /// Commanded, rad/s.
        public let angularVelocities: Vector3D
        /// When the stand measured it, in seconds since 1970 as DockKit's: the
        /// stand's clock mapped onto this host's wall clock (`StandClock`).
        public let timestamp: TimeInterval
        private let motorError: SwivelStandError?
        /// Some axis's motor driver is enabled (holding or moving); false before
        /// the first motion and once the stand has rested its drivers after its
        /// idle timeout. A Swivel addition: DockKit does not report it.
        public let areDriversEnabled: Bool

        /// A latched motor fault (`SwivelStandError.motorFault`, its reason naming
        /// which: following error, steps written too late, silent encoder,
        /// limit switch, the motor's own report); nil otherwise.
        public var error: (any Error)? { motorError }

        init(_ state: SwivelKit.StandSession.MotionSample, clock: StandClock) {
            angularPositions = Vector3D(state.angularPositions)
            angularVelocities = Vector3D(state.angularVelocities)
            timestamp = clock.wallSeconds(atStandTime: state.timestamp)
            motorError = state.fault.map { error in
                // The kind the stand detected where it said it: `motorFault` alone covers several.
                let reason = state.faultKind.map { "\($0): \($0.reason)" } ?? "\(error): \(error.reason)"
                return SwivelStandError(.motorFault, reason: reason)
            }
            areDriversEnabled = !state.enabledDriverAxes.isEmpty
        }
    }

    /// A physical button on the stand.
    public enum AccessoryEvent: Hashable, Sendable {
        case cameraShutter
        case cameraFlip
        /// A zoom multiplier, as DockKit's: 2.0 doubles the subject's size
        /// and halves the field of view; 0.5 the opposite.
        case cameraZoom(factor: Double)
        /// Sent on press and on release.
        case button(id: Int, pressed: Bool)

        /// Nil for a gesture, which DockKit has no event for (its effect, system
        /// tracking toggled, arrives as a state change).
        init?(_ event: SwivelKit.StandSession.StandEvent) {
            switch event {
            case .cameraShutter: self = .cameraShutter
            case .cameraFlip: self = .cameraFlip
            case .cameraZoom(let step): self = .cameraZoom(factor: Self.multiplier(zoomStep: step))
            case .button(let id, let pressed): self = .button(id: id, pressed: pressed)
            case .gesture: return nil
            }
        }

        /// The wire's zoom is a signed step (the board's `zoomFactor`, + in,
        /// - out; docs/PROTOCOL.md); DockKit's is a multiplier. A step `s` in
        /// multiplies by 1 + s, the same step out divides by it: the default
        /// step 1 is 2.0 in and 0.5 out, and one press each way cancels out.
        static func multiplier(zoomStep step: Double) -> Double {
            guard step.isFinite, step != 0 else { return 1 }
            return step > 0 ? 1 + step : 1 / (1 - step)
        }
    }

    public enum BatteryChargeState: Hashable, Sendable {
        case charging, notCharging, notChargeable
    }

    /// One named battery; a stand may have several.
    public struct BatteryState: Hashable, Sendable {
        public let name: String
        /// 0...1
        public let batteryLevel: Double
        public let chargeState: BatteryChargeState
        public let lowBattery: Bool

        init(_ state: SwivelKit.StandSession.BatteryReading) {
            name = state.name
            batteryLevel = state.level
            chargeState =
                switch state.chargeState {
                case .charging: .charging
                case .notCharging: .notCharging
                case .notChargeable: .notChargeable
                }
            lowBattery = state.lowBattery
        }
    }

    /// The subjects the stand tracks, 10 times a second while tracking.
    public struct TrackingState: Sendable, CustomStringConvertible {
        /// When the stand captured it: the stand's clock mapped onto this host's wall clock (`StandClock`).
        public let time: Date
        public let trackedSubjects: [TrackedSubjectType]

        init(_ state: SwivelKit.StandSession.TrackingSample, clock: StandClock) {
            time = Date(timeIntervalSince1970: clock.wallSeconds(atStandTime: state.time))
            trackedSubjects = state.trackedSubjects.map(TrackedSubjectType.init)
        }

        public var description: String {
            "TrackingState(time: \(time.timeIntervalSince1970), trackedSubjects: \(trackedSubjects.count))"
        }
    }

    public enum TrackedSubjectType: Hashable, Sendable {
        case person(TrackedPerson)
        case object(TrackedObject)

        init(_ subject: SwivelKit.StandSession.TrackedSubject) {
            switch subject.kind {
            case .person:
                self = .person(TrackedPerson(
                    identifier: subject.identifier, rect: CGRect(subject.rect), speakingConfidence: subject.speakingConfidence,
                    lookingAtCameraConfidence: subject.lookingAtCameraConfidence, saliencyRank: subject.saliencyRank))
            case .object:
                self = .object(TrackedObject(identifier: subject.identifier, rect: CGRect(subject.rect), saliencyRank: subject.saliencyRank))
            }
        }
    }

    public struct TrackedPerson: Hashable, Sendable {
        /// Stable while the subject is tracked; random per session.
        public let identifier: UUID
        /// Normalized, LOWER-left origin.
        public let rect: CGRect
        public let speakingConfidence: Double?
        public let lookingAtCameraConfidence: Double?
        /// 1 is the most salient; nil when unranked.
        public let saliencyRank: Int?
    }

    public struct TrackedObject: Hashable, Sendable {
        public let identifier: UUID
        /// Normalized, LOWER-left origin.
        public let rect: CGRect
        public let saliencyRank: Int?
    }
}

extension Duration {
    var seconds: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
