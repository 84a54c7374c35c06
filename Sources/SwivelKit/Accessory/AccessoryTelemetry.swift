public import FoundationEssentials
import SwivelCore
import SwivelProtocol

extension DockAccessory {
    /// Positions and velocities, 50 times a second by default, as DockKit's `MotionState`.
    public struct MotionState: Equatable, Sendable {
        public enum MotionError: Equatable, Sendable, CustomStringConvertible {
            case motorFault, encoderMismatch, limitSwitch

            public var description: String {
                switch self {
                case .motorFault: "motorFault"
                case .encoderMismatch: "encoderMismatch"
                case .limitSwitch: "limitSwitch"
                }
            }

            /// The stand's own reason for the fault: the text it refuses motion with.
            public var reason: String {
                switch self {
                case .motorFault: SwivelError.Reason.followingErrorFault.text
                case .encoderMismatch: SwivelError.Reason.encoderSilentFault.text
                case .limitSwitch: SwivelError.Reason.homingFailedFault.text
                }
            }
        }

        /// Measured through the encoders (commanded on an axis without one), radians.
        public var angularPositions: Vector3
        /// Commanded, rad/s.
        public var angularVelocities: Vector3
        /// On the stand's clock: time since it started.
        public var timestamp: Duration
        public var error: MotionError?
        public var axes: AxisSet
        public var isSystemTrackingEnabled: Bool
        public var isMoving: Bool

        init(_ report: MotionStateReport) {
            angularPositions = report.positions
            angularVelocities = report.velocities
            timestamp = Duration(wireMicroseconds: report.timeMicroseconds)
            error =
                switch report.fault {
                case .none: nil
                case .motorFault: .motorFault
                case .encoderMismatch: .encoderMismatch
                case .limitSwitch: .limitSwitch
                }
            axes = report.axes
            isSystemTrackingEnabled = report.systemTrackingEnabled
            isMoving = report.moving
        }
    }

    /// A hand gesture the stand's own camera saw (a Swivel addition; DockKit has none).
    public enum Gesture: Equatable, Sendable, CustomStringConvertible {
        /// An open palm held about a second.
        case openPalm

        public var description: String {
            switch self {
            case .openPalm: "openPalm"
            }
        }
    }

    /// A physical button on the stand, as DockKit's `AccessoryEvent`, or a
    /// gesture its vision co-processor saw.
    public enum AccessoryEvent: Equatable, Sendable, CustomStringConvertible {
        case cameraShutter
        case cameraFlip
        /// > 0 zooms in, < 0 out.
        case cameraZoom(factor: Double)
        /// Sent on press and on release.
        case button(id: Int, pressed: Bool)
        /// A gesture toggled system tracking, as the tracking button does: the
        /// new mode arrives beside this event as a `StateChange` with
        /// `trackingButtonEnabled` (and in the next motion state's
        /// `isSystemTrackingEnabled`). Only from a board whose `vision.gestures` is on.
        case gesture(Gesture)

        init(_ event: SwivelProtocol.AccessoryEvent) {
            switch event {
            case .cameraShutter: self = .cameraShutter
            case .cameraFlip: self = .cameraFlip
            case .cameraZoom(let factor): self = .cameraZoom(factor: factor)
            case .button(let id, let pressed): self = .button(id: Int(id), pressed: pressed)
            case .gesture(let kind):
                switch kind {
                case .openPalm: self = .gesture(.openPalm)
                }
            }
        }

        public var description: String {
            switch self {
            case .cameraShutter: "cameraShutter"
            case .cameraFlip: "cameraFlip"
            // The factor crossed the wire as an f32: shown as typed, not widened.
            case .cameraZoom(let factor): "cameraZoom(factor: \(NumberText.shortest(factor)))"
            case .button(let id, let pressed): "button(id: \(id), pressed: \(pressed))"
            case .gesture(let gesture): "gesture(\(gesture))"
            }
        }
    }

    public enum BatteryChargeState: Equatable, Sendable, CustomStringConvertible {
        case charging, notCharging, notChargeable

        public var description: String {
            switch self {
            case .charging: "charging"
            case .notCharging: "notCharging"
            case .notChargeable: "notChargeable"
            }
        }
    }

    /// One named battery, as DockKit's `BatteryState`; a stand may have several.
    public struct BatteryState: Equatable, Sendable {
        public var name: String
        /// 0...1
        public var batteryLevel: Double
        public var chargeState: BatteryChargeState
        public var lowBattery: Bool

        init(_ state: SwivelProtocol.BatteryState) {
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

    /// The subjects the stand tracks, as DockKit's `TrackingState`.
    public struct TrackingState: Equatable, Sendable {
        /// On the stand's clock: time since it started.
        public var time: Duration
        public var trackedSubjects: [TrackedSubject]

        init(_ report: TrackingStateReport) {
            time = Duration(wireMicroseconds: report.timeMicroseconds)
            trackedSubjects = report.subjects.map(TrackedSubject.init)
        }
    }

    public enum TrackedSubject: Equatable, Sendable {
        case person(TrackedPerson)
        case object(TrackedObject)

        init(_ subject: TrackingStateReport.Subject) {
            let id = UUID(subject.uuid)
            let rank = subject.saliencyRank.map(Int.init)
            switch subject.kind {
            case .person:
                self = .person(TrackedPerson(
                    identifier: id, rect: subject.rect, saliencyRank: rank, speakingConfidence: subject.speakingConfidence,
                    lookingAtCameraConfidence: subject.lookingAtCameraConfidence))
            case .object:
                self = .object(TrackedObject(identifier: id, rect: subject.rect, saliencyRank: rank))
            }
        }

        public var identifier: UUID {
            switch self {
            case .person(let person): person.identifier
            case .object(let object): object.identifier
            }
        }
    }

    public struct TrackedPerson: Equatable, Sendable {
        /// Stable while the subject is tracked; random per session.
        public var identifier: UUID
        /// Normalized, LOWER-left origin.
        public var rect: NormalizedRectLowerLeft
        /// 1 is the most salient; nil when unranked.
        public var saliencyRank: Int?
        public var speakingConfidence: Double?
        public var lookingAtCameraConfidence: Double?
    }

    public struct TrackedObject: Equatable, Sendable {
        public var identifier: UUID
        public var rect: NormalizedRectLowerLeft
        public var saliencyRank: Int?
    }
}
