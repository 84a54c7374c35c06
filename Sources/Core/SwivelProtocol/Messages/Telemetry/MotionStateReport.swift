public import SwivelVocabulary

/// MOTION_STATE: positions and velocities, periodic (default 50 Hz).
public struct MotionStateReport: Equatable, Sendable {
    /// On the stand's clock: microseconds since it started.
    public var timeMicroseconds: UInt64
    public var axes: AxisSet
    /// Measured (encoder) positions; commanded where an axis has no encoder.
    public var positions: Vector3
    /// Commanded velocities, rad/s.
    public var velocities: Vector3
    /// The latched fault as DockKit's kind; nil without one.
    public var fault: DockKitFault?
    public var systemTrackingEnabled: Bool
    public var moving: Bool
    /// Axes whose driver is enabled (holding or moving); released ones are
    /// free to turn by hand. Appended after the required part: an older
    /// stand's report reads as none.
    public var enabledDriverAxes: AxisSet
    /// Which fault `fault` is, told apart; nil without one (appended, as above).
    public var faultCause: FaultKind?
    /// Per axis, the width a SET_SERVO_PULSE jog holds it at, µs; 0 where
    /// the axis follows its angle (appended, as above).
    public var servoPulseMicroseconds: PerAxis<UInt16>

    public init(
        timeMicroseconds: UInt64, axes: AxisSet, positions: Vector3, velocities: Vector3, fault: DockKitFault? = nil,
        systemTrackingEnabled: Bool, moving: Bool, enabledDriverAxes: AxisSet = [], faultCause: FaultKind? = nil,
        servoPulseMicroseconds: PerAxis<UInt16> = PerAxis(repeating: 0)
    ) {
        self.servoPulseMicroseconds = servoPulseMicroseconds
        self.enabledDriverAxes = enabledDriverAxes
        self.faultCause = faultCause
        self.timeMicroseconds = timeMicroseconds
        self.axes = axes
        self.positions = positions
        self.velocities = velocities
        self.fault = fault
        self.systemTrackingEnabled = systemTrackingEnabled
        self.moving = moving
    }

    static let minimumBytes = 35

    func encode(to w: inout ByteWriter) {
        w.u64(timeMicroseconds)
        w.u8(axes.rawValue)
        w.vector(positions)
        w.vector(velocities)
        w.u8(fault?.rawValue ?? 0)
        w.u8((systemTrackingEnabled ? 1 : 0) | (moving ? 2 : 0))
        w.u8(enabledDriverAxes.rawValue)
        w.u8(faultCause?.rawValue ?? 0)
        for axis in Axis.allCases { w.u16(servoPulseMicroseconds[axis]) }
    }

    static func decode(from r: inout ByteReader) throws(MessageError) -> MotionStateReport {
        try r.require(minimumBytes, for: .motionState)
        let time = r.u64()
        let axes = AxisSet(rawValue: r.u8() & 0b111)
        let positions = r.vector(), velocities = r.vector()
        let rawFault = r.u8()
        let fault = DockKitFault(rawValue: rawFault)
        guard fault != nil || rawFault == 0 else {
            throw .unknownValue(.motionState, field: "fault", value: UInt64(rawFault))
        }
        let flags = r.u8()
        let enabled = AxisSet(rawValue: r.u8() & 0b111)
        let rawCause = r.u8()
        let cause = FaultKind(rawValue: rawCause)
        guard cause != nil || rawCause == 0 else {
            throw .unknownValue(.motionState, field: "fault cause", value: UInt64(rawCause))
        }
        let pulses = PerAxis(pitch: r.u16(), yaw: r.u16(), roll: r.u16())
        return MotionStateReport(
            timeMicroseconds: time, axes: axes, positions: positions, velocities: velocities, fault: fault,
            systemTrackingEnabled: flags & 1 != 0, moving: flags & 2 != 0, enabledDriverAxes: enabled, faultCause: cause,
            servoPulseMicroseconds: pulses)
    }
}
