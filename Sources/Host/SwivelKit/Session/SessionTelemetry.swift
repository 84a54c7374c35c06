public import FoundationEssentials
import SwivelCore
import SwivelProtocol

extension StandSession {
    /// One MOTION_STATE: positions and velocities, 50 times a second by default.
    public struct MotionSample: Equatable, Sendable {
        /// Which fault `fault` is, told apart where the wire's three kinds lump
        /// several together (`motorFault` is a following error, steps dropped
        /// for lateness, or a motor's own report); nil without a fault, or
        /// from a stand too old to say.
        public var faultKind: FaultKind?
        /// Axes whose driver is enabled (holding or moving). Empty before the
        /// first motion and once the stand has been idle for its board's
        /// `idleTimeoutSeconds` (an axis that holds when idle stays in it).
        public var enabledDriverAxes: AxisSet
        /// The raw pulse width, microseconds, of each servo axis held by a
        /// SET_SERVO_PULSE jog (`setServoPulse`); empty when no axis is jogged.
        public var servoPulseMicroseconds: [Axis: Double]

        /// Measured through the encoders (commanded on an axis without one), radians.
        public var angularPositions: Vector3
        /// Commanded, rad/s.
        public var angularVelocities: Vector3
        /// On the stand's clock: time since it started.
        public var timestamp: Duration
        /// The latched motor fault, as DockKit's kind (`faultKind` tells
        /// apart the causes its `motorFault` lumps together); nil without one.
        public var fault: DockKitFault?
        public var axes: AxisSet
        public var isSystemTrackingEnabled: Bool
        public var isMoving: Bool

        init(_ report: MotionStateReport) {
            angularPositions = report.positions
            angularVelocities = report.velocities
            timestamp = Duration(wireMicroseconds: report.timeMicroseconds)
            fault = report.fault
            axes = report.axes
            isSystemTrackingEnabled = report.systemTrackingEnabled
            isMoving = report.moving
            faultKind = report.faultCause
            enabledDriverAxes = report.enabledDriverAxes
            var pulses: [Axis: Double] = [:]
            for axis in Axis.allCases where report.servoPulseMicroseconds[axis] != 0 {
                pulses[axis] = Double(report.servoPulseMicroseconds[axis])
            }
            servoPulseMicroseconds = pulses
        }
    }

    /// A hand gesture the stand's own camera saw.
    public enum Gesture: Equatable, Sendable, CustomStringConvertible {
        /// An open palm held about a second.
        case openPalm

        public var description: String {
            switch self {
            case .openPalm: "openPalm"
            }
        }
    }

    /// One ACCESSORY_EVENT: a physical button on the stand, or a gesture its
    /// vision co-processor saw.
    public enum StandEvent: Equatable, Sendable, CustomStringConvertible {
        case cameraShutter
        case cameraFlip
        /// > 0 zooms in, < 0 out.
        case cameraZoom(factor: Double)
        /// Sent on press and on release.
        case button(id: Int, pressed: Bool)
        /// A gesture toggled system tracking, as the tracking button does: the
        /// new mode arrives beside this event as a `Change` made
        /// `byTrackingButton` (and in the next motion state's
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

    /// One BATTERY_STATE: one named battery; a stand may have several.
    public struct BatteryReading: Equatable, Sendable {
        public var name: String
        /// 0...1
        public var level: Double
        public var chargeState: BatteryChargeState
        public var lowBattery: Bool

        init(_ state: SwivelProtocol.BatteryState) {
            name = state.name
            level = state.level
            chargeState = state.chargeState
            lowBattery = state.lowBattery
        }
    }

    /// One TRACKING_STATE: the subjects the stand tracks.
    public struct TrackingSample: Equatable, Sendable {
        /// On the stand's clock: time since it started.
        public var time: Duration
        public var trackedSubjects: [TrackedSubject]

        init(_ report: TrackingStateReport) {
            time = Duration(wireMicroseconds: report.timeMicroseconds)
            trackedSubjects = report.subjects.map(TrackedSubject.init)
        }
    }

    /// A person or an object the stand tracks.
    public struct TrackedSubject: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case person, object
        }

        /// Stable while the subject is tracked; random per session.
        public var identifier: UUID
        public var kind: Kind
        /// Normalized, LOWER-left origin.
        public var rect: NormalizedRectLowerLeft
        /// 1 is the most salient; nil when unranked.
        public var saliencyRank: Int?
        /// A person's; nil for an object, or when the stand has none.
        public var speakingConfidence: Double?
        public var lookingAtCameraConfidence: Double?

        init(_ subject: TrackingStateReport.Subject) {
            identifier = UUID(subject.uuid)
            kind = subject.kind == .person ? .person : .object
            rect = subject.rect
            saliencyRank = subject.saliencyRank.map(Int.init)
            speakingConfidence = kind == .person ? subject.speakingConfidence : nil
            lookingAtCameraConfidence = kind == .person ? subject.lookingAtCameraConfidence : nil
        }
    }
}
