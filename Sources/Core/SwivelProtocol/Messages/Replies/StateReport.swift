public import SwivelVocabulary

/// One axis's limits in force, as plain wire values.
public struct WireAxisLimits: Equatable, Sendable {
    /// nil: a continuous axis.
    public var positionRange: ClosedRange<Double>?
    public var maximumSpeed: Double
    public var maximumAcceleration: Double

    public init(positionRange: ClosedRange<Double>?, maximumSpeed: Double, maximumAcceleration: Double) {
        self.positionRange = positionRange
        self.maximumSpeed = maximumSpeed
        self.maximumAcceleration = maximumAcceleration
    }

    public init(_ limits: AxisLimits) {
        self.init(
            positionRange: limits.positionRange.map { $0.lowerRadians...$0.upperRadians },
            maximumSpeed: limits.maximumSpeed, maximumAcceleration: limits.maximumAcceleration)
    }
}

/// The ACK body of GET_STATE: everything a host needs to redraw itself after
/// (re)connecting.
public struct StateReport: Equatable, Sendable {
    public enum Activity: Equatable, Sendable {
        case velocity
        case orientation(requestID: UInt32)
        case animation(AnimationName, requestID: UInt32)
        /// Following a subject (system or custom tracking).
        case tracking
    }

    /// On the stand's clock: microseconds since it started.
    public var timeMicroseconds: UInt64
    public var axes: AxisSet
    public var systemTrackingEnabled: Bool
    public var halted: Bool
    public var dockedSessions: UInt8
    public var framingMode: FramingMode
    public var regionOfInterest: NormalizedRectUpperLeft
    /// Measured (encoder) positions, commanded where an axis has no encoder.
    public var positions: Vector3
    public var velocities: Vector3
    public var limits: PerAxis<WireAxisLimits?>
    public var activity: Activity
    public var lastProgress: MotionProgress?
    /// Appended after the required part (an older stand's report reads as
    /// none, no fault): axes whose driver is enabled.
    public var enabledDriverAxes: AxisSet
    /// The latched fault: which kind, on which axis, and the stand's own
    /// account of it (as its log writes it); nil, pitch and "" without one.
    public var faultCause: FaultKind?
    public var faultAxis: Axis
    public var faultDescription: String

    public init(
        timeMicroseconds: UInt64, axes: AxisSet, systemTrackingEnabled: Bool, halted: Bool, dockedSessions: UInt8,
        framingMode: FramingMode, regionOfInterest: NormalizedRectUpperLeft, positions: Vector3, velocities: Vector3,
        limits: PerAxis<WireAxisLimits?>, activity: Activity, lastProgress: MotionProgress?,
        enabledDriverAxes: AxisSet = [], faultCause: FaultKind? = nil, faultAxis: Axis = .pitch,
        faultDescription: String = ""
    ) {
        self.enabledDriverAxes = enabledDriverAxes
        self.faultCause = faultCause
        self.faultAxis = faultAxis
        self.faultDescription = faultDescription
        self.timeMicroseconds = timeMicroseconds
        self.axes = axes
        self.systemTrackingEnabled = systemTrackingEnabled
        self.halted = halted
        self.dockedSessions = dockedSessions
        self.framingMode = framingMode
        self.regionOfInterest = regionOfInterest
        self.positions = positions
        self.velocities = velocities
        self.limits = limits
        self.activity = activity
        self.lastProgress = lastProgress
    }

    static let minimumBytes = 124

    func encode(to w: inout ByteWriter) {
        w.u64(timeMicroseconds)
        w.u8(axes.rawValue)
        w.u8((systemTrackingEnabled ? 1 : 0) | (halted ? 2 : 0))
        w.u8(dockedSessions)
        w.u8(framingMode.rawValue)
        w.rect(regionOfInterest)
        w.vector(positions)
        w.vector(velocities)
        for axis in Axis.allCases {
            let limit = limits[axis]
            w.u8((limit == nil ? 0 : 1) | (limit?.positionRange == nil ? 0 : 2))
            w.f32(limit?.positionRange?.lowerBound ?? 0)
            w.f32(limit?.positionRange?.upperBound ?? 0)
            w.f32(limit?.maximumSpeed ?? 0)
            w.f32(limit?.maximumAcceleration ?? 0)
        }
        switch activity {
        case .velocity:
            w.u8(0); w.u32(0); w.u8(0)
        case .orientation(let id):
            w.u8(1); w.u32(id); w.u8(0)
        case .animation(let name, let id):
            w.u8(2); w.u32(id); w.u8(name.rawValue)
        case .tracking:
            w.u8(3); w.u32(0); w.u8(0)
        }
        w.bool(lastProgress != nil)
        MotionProgress.encode(lastProgress, to: &w)
        w.u8(enabledDriverAxes.rawValue)
        w.u8(faultCause?.rawValue ?? 0)
        w.u8(UInt8(faultAxis.rawValue))
        w.string(faultDescription)
    }

    static func decode(from r: inout ByteReader) throws(MessageError) -> StateReport {
        let time = r.u64()
        let axes = AxisSet(rawValue: r.u8() & 0b111)
        let flags = r.u8()
        let sessions = r.u8()
        let rawMode = r.u8()
        guard let mode = FramingMode(rawValue: rawMode) else {
            throw .unknownValue(.ack, field: "framing mode", value: UInt64(rawMode))
        }
        let roi = r.upperLeftRect()
        let positions = r.vector()
        let velocities = r.vector()
        var limits = PerAxis<WireAxisLimits?>(repeating: nil)
        for axis in Axis.allCases {
            let present = r.u8()
            let lower = r.f32(), upper = r.f32(), speed = r.f32(), acceleration = r.f32()
            guard present & 1 != 0 else { continue }
            let range: ClosedRange<Double>? = present & 2 != 0 && lower <= upper ? lower...upper : nil
            limits[axis] = WireAxisLimits(positionRange: range, maximumSpeed: speed, maximumAcceleration: acceleration)
        }
        let kind = r.u8(), id = r.u32(), rawAnimation = r.u8()
        let activity: Activity
        switch kind {
        case 0: activity = .velocity
        case 1: activity = .orientation(requestID: id)
        case 2:
            guard let name = AnimationName(rawValue: rawAnimation) else {
                throw .unknownValue(.ack, field: "animation", value: UInt64(rawAnimation))
            }
            activity = .animation(name, requestID: id)
        case 3: activity = .tracking
        default: throw .unknownValue(.ack, field: "activity", value: UInt64(kind))
        }
        let hasProgress = r.bool()
        let progress = try MotionProgress.decode(from: &r, messageID: .ack)
        let enabled = AxisSet(rawValue: r.u8() & 0b111)
        let rawCause = r.u8(), rawAxis = r.u8()
        let cause = FaultKind(rawValue: rawCause)
        guard cause != nil || rawCause == 0 else {
            throw .unknownValue(.ack, field: "fault cause", value: UInt64(rawCause))
        }
        guard let faultAxis = Axis(rawValue: Int(rawAxis)) else {
            throw .unknownValue(.ack, field: "fault axis", value: UInt64(rawAxis))
        }
        let description = r.string()
        return StateReport(
            timeMicroseconds: time, axes: axes, systemTrackingEnabled: flags & 1 != 0, halted: flags & 2 != 0,
            dockedSessions: sessions, framingMode: mode, regionOfInterest: roi, positions: positions,
            velocities: velocities, limits: limits, activity: activity, lastProgress: hasProgress ? progress : nil,
            enabledDriverAxes: enabled, faultCause: cause, faultAxis: faultAxis, faultDescription: description)
    }
}
