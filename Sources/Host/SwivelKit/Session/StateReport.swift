import SwivelProtocol

extension StandSession {
    /// One axis's limits in force: the user's intersected with the hardware's.
    public struct AxisLimitsInForce: Equatable, Sendable {
        /// Radians; nil on a continuous axis.
        public var positionRange: ClosedRange<Double>?
        /// rad/s
        public var maximumSpeed: Double
        /// rad/s²
        public var maximumAcceleration: Double
    }

    /// What drives the motors now.
    public enum Activity: Equatable, Sendable, CustomStringConvertible {
        /// A velocity (zero when at rest).
        case velocity
        case orientation(requestID: UInt32)
        case animation(AnimationName, requestID: UInt32)
        /// Following a subject (system or custom tracking).
        case tracking

        public var description: String {
            switch self {
            case .velocity: "velocity"
            case .orientation(let id): "orientation (request \(id))"
            case .animation(let name, let id): "animation \(name) (request \(id))"
            case .tracking: "tracking a subject"
            }
        }
    }

    /// How the most recent move or animation went.
    public struct ProgressReport: Equatable, Sendable {
        public var requestID: UInt32
        public var kind: MoveProgress.Kind
        public var state: MoveProgress.State
        public var fractionCompleted: Double
        public var plannedDuration: Duration
    }

    /// GET_STATE's answer: everything a host needs to redraw itself.
    public struct StateReport: Equatable, Sendable {
        /// On the stand's clock: time since it started.
        public var standTime: Duration
        public var axes: AxisSet
        public var isSystemTrackingEnabled: Bool
        /// The stand is shutting down.
        public var isHalted: Bool
        public var dockedSessions: Int
        public var framingMode: FramingMode
        /// Normalized, UPPER-left origin.
        public var regionOfInterest: NormalizedRectUpperLeft
        /// Radians, measured through the encoders (commanded on an axis without one).
        public var angularPositions: Vector3
        /// Commanded, rad/s.
        public var angularVelocities: Vector3
        /// nil for an axis the stand lacks.
        public var limits: PerAxis<AxisLimitsInForce?>
        public var activity: Activity
        public var lastProgress: ProgressReport?
        /// Axes whose driver is enabled (holding or moving); see `MotionState.enabledDriverAxes`.
        public var enabledDriverAxes: AxisSet
        /// The latched motor fault, nil when healthy (or from a stand too old to say).
        public var fault: FaultKind?
        /// The axis the fault is on.
        public var faultAxis: Axis?
        /// The stand's own account of the fault, with its numbers ("yaw's steps
        /// could not be written in time (one would have been 3.2 ms late) …").
        public var faultDescription: String?

        init(_ report: SwivelProtocol.StateReport) {
            enabledDriverAxes = report.enabledDriverAxes
            fault = report.faultCause
            faultAxis = fault == nil ? nil : report.faultAxis
            faultDescription = fault == nil || report.faultDescription.isEmpty ? nil : report.faultDescription
            standTime = Duration(wireMicroseconds: report.timeMicroseconds)
            axes = report.axes
            isSystemTrackingEnabled = report.systemTrackingEnabled
            isHalted = report.halted
            dockedSessions = Int(report.dockedSessions)
            framingMode = report.framingMode
            regionOfInterest = report.regionOfInterest
            angularPositions = report.positions
            angularVelocities = report.velocities
            limits = report.limits.map { _, limit in
                limit.map {
                    AxisLimitsInForce(
                        positionRange: $0.positionRange, maximumSpeed: $0.maximumSpeed,
                        maximumAcceleration: $0.maximumAcceleration)
                }
            }
            activity =
                switch report.activity {
                case .velocity: .velocity
                case .orientation(let id): .orientation(requestID: id)
                case .animation(let name, let id): .animation(name, requestID: id)
                case .tracking: .tracking
                }
            lastProgress = report.lastProgress.map {
                ProgressReport(
                    requestID: $0.requestID, kind: $0.kind == .animation ? .animation : .orientation,
                    state: MoveProgress.State($0.state), fractionCompleted: $0.fractionCompleted,
                    plannedDuration: Duration(wireSeconds: $0.plannedDurationSeconds))
            }
        }
    }
}
