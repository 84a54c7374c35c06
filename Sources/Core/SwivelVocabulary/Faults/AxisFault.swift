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
    /// The axis's steps could not be written in time: a step would have gone
    /// out `latenessSeconds` after its planned instant, past the stand's
    /// tolerance, so its plan was dropped rather than squeezed (Klipper's
    /// "stepper too far in past"). The motor missed those steps.
    case stepsTooLate(axis: Axis, latenessSeconds: Seconds)
    /// The motor itself reported a problem (a bus servo overheating,
    /// overloaded or silent on its bus).
    case motorReported(axis: Axis, problem: MotorProblem)

    public var axis: Axis {
        switch self {
        case .followingError(let axis, _, _), .encoderSilent(let axis, _), .homingFailed(let axis),
             .stepsTooLate(let axis, _), .motorReported(let axis, _): axis
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
        case let .stepsTooLate(axis, lateness):
            "\(axis)'s steps could not be written in time (one would have been \(Self.format(lateness * 1000)) ms late): "
                + "they were dropped, so the motor missed them; the loop or the step thread was held up"
        case let .motorReported(axis, problem):
            "\(axis)'s motor stopped the stand: \(problem)"
        }
    }

    private static func format(_ value: Double) -> String {
        // A silent encoder reports NaN travel when its reading was not finite:
        // that must print, not trap in the conversion to Int.
        guard let scaled = Int(exactly: (abs(value) * 1000).rounded()) else { return "\(value)" }
        let whole = scaled / 1000, fraction = scaled % 1000
        let digits = String(fraction)
        return (value < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: 3 - digits.count) + digits
    }
}
