/// Why an axis stopped trusting its motor or its encoder. Latched by the
/// stand: every motion command is refused with `motorFault` until cleared.
public enum AxisFault: Equatable, Sendable, CustomStringConvertible {
    /// The encoder reads far from where the motor was commanded: a stepper
    /// that stalled or skipped steps, a slipping belt.
    case followingError(axis: Axis, errorRadians: Radians, limitRadians: Radians)
    /// The motor was commanded through `travelRadians` and the encoder did
    /// not change at all: a disconnected encoder, or a jammed axis.
    case encoderSilent(axis: Axis, travelRadians: Radians)
    /// Homing ended without the axis finding its switch (it travelled its
    /// maximum, or a stop aborted it): its position is unknown.
    case homingFailed(axis: Axis)
    /// The axis's actuator reported a problem with its motor, as it reported
    /// it: its steps dropped for lateness rather than squeezed (Klipper's
    /// "stepper too far in past"), or the motor's own report (a bus servo
    /// overheating, overloaded or silent on its bus).
    case motor(axis: Axis, problem: MotorProblem)

    public var axis: Axis {
        switch self {
        case .followingError(let axis, _, _), .encoderSilent(let axis, _), .homingFailed(let axis),
             .motor(let axis, _): axis
        }
    }

    /// Which kind of fault this is: the one place a fault becomes what the
    /// wire, the refusal's reason and every client tell apart.
    public var kind: FaultKind {
        switch self {
        case .followingError: .followingError
        case .encoderSilent: .encoderSilent
        case .homingFailed: .homingFailed
        case .motor(_, .stepsTooLate): .stepsTooLate
        case .motor: .motorReported
        }
    }

    public var description: String {
        switch self {
        case let .followingError(axis, error, limit):
            "\(axis) is \(Self.format(error)) rad from where it was commanded (limit \(Self.format(limit)) rad): "
                + "the motor stalled or skipped steps, or the drive slipped"
        case let .homingFailed(axis):
            "\(axis) did not find its home switch (it travelled its maxTravelRad, or homing was stopped): "
                + "its position is unknown; check the switch and its wiring"
        case let .encoderSilent(axis, travel):
            "\(axis)'s encoder did not change while the motor was commanded through \(Self.format(travel)) rad: "
                + "the encoder is disconnected or the axis is jammed"
        case let .motor(axis, .stepsTooLate(lateness)):
            "\(axis)'s \(MotorProblem.lateSteps(lateness))"
        case let .motor(axis, problem):
            "\(axis)'s motor stopped the stand: \(problem)"
        }
    }

    static func format(_ value: Double) -> String {
        // A silent encoder reports NaN travel when its reading was not finite:
        // that must print, not trap in the conversion to Int.
        guard let scaled = Int(exactly: (abs(value) * 1000).rounded()) else { return "\(value)" }
        let whole = scaled / 1000, fraction = scaled % 1000
        let digits = String(fraction)
        return (value < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: 3 - digits.count) + digits
    }
}

/// Which fault latched, told apart where DockKit's three kinds (MOTION_STATE's
/// `fault` byte) lump a following error, steps dropped for lateness and a
/// motor's own report together as `motorFault`. The raw value is the wire's
/// fault-cause byte (0 is no fault); the stand, the codec and every client
/// read the kind and its reason from here.
public enum FaultKind: UInt8, Equatable, Sendable, CaseIterable, CustomStringConvertible {
    /// The encoder reads far from the command: a stall, skipped steps, a slip.
    case followingError = 1
    /// An encoder did not change while its motor moved.
    case encoderSilent = 2
    /// An axis did not find its home switch.
    case homingFailed = 3
    /// Steps could not be written in time and were dropped: the loop or the
    /// step thread was held up; nothing mechanical is wrong.
    case stepsTooLate = 4
    /// A motor reported a problem of its own (a bus servo, a driver).
    case motorReported = 5

    /// The stand's own reason for the fault, the text it refuses motion with.
    public var reason: String { refusalReason.text }

    /// The reason the stand refuses motion with while this fault latches.
    public var refusalReason: SwivelError.Reason {
        switch self {
        case .followingError: .followingErrorFault
        case .encoderSilent: .encoderSilentFault
        case .homingFailed: .homingFailedFault
        case .stepsTooLate: .stepsTooLateFault
        case .motorReported: .motorReportedFault
        }
    }

    public var description: String {
        switch self {
        case .followingError: "followingError"
        case .encoderSilent: "encoderSilent"
        case .homingFailed: "homingFailed"
        case .stepsTooLate: "stepsTooLate"
        case .motorReported: "motorReported"
        }
    }
}

/// The DockKit error a latched fault is reported as (MOTION_STATE's `fault`
/// byte is the raw value, 0 no fault). DockKit has three, so a following
/// error, steps dropped for lateness and a motor's own report are all
/// `motorFault`; `FaultKind` tells them apart.
public enum DockKitFault: UInt8, Equatable, Sendable, CustomStringConvertible {
    case motorFault = 1
    case encoderMismatch = 2
    case limitSwitch = 3

    public init(_ kind: FaultKind) {
        switch kind {
        case .followingError, .stepsTooLate, .motorReported: self = .motorFault
        case .encoderSilent: self = .encoderMismatch
        case .homingFailed: self = .limitSwitch
        }
    }

    public var description: String {
        switch self {
        case .motorFault: "motorFault"
        case .encoderMismatch: "encoderMismatch"
        case .limitSwitch: "limitSwitch"
        }
    }

    /// The stand's reason for a fault of this kind where it did not say
    /// which `FaultKind` it was (a stand older than the fault-cause byte).
    public var reason: String {
        switch self {
        case .motorFault: SwivelError.Reason.followingErrorFault.text
        case .encoderMismatch: SwivelError.Reason.encoderSilentFault.text
        case .limitSwitch: SwivelError.Reason.homingFailedFault.text
        }
    }
}
