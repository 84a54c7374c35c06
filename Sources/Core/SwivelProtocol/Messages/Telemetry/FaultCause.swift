public import SwivelVocabulary

/// Which fault latched, on the wire: MOTION_STATE's `fault` byte keeps
/// DockKit's three kinds, which lump a following error, steps dropped for
/// lateness and a motor's own report together as `motorFault`; this tells
/// them apart, so every client names the fault the stand detected.
public enum FaultCause: UInt8, Equatable, Sendable, CaseIterable {
    case none = 0
    /// The encoder reads far from the command: a stall, skipped steps, a slip.
    case followingError = 1
    /// The encoder did not change while the motor moved.
    case encoderSilent = 2
    /// Homing ended without the switch.
    case homingFailed = 3
    /// Steps could not be written in time and were dropped.
    case stepsTooLate = 4
    /// The motor reported a problem of its own (a bus servo).
    case motorReported = 5

    public init(_ fault: AxisFault?) {
        switch fault {
        case nil: self = .none
        case .followingError: self = .followingError
        case .encoderSilent: self = .encoderSilent
        case .homingFailed: self = .homingFailed
        case .stepsTooLate: self = .stepsTooLate
        case .motorReported: self = .motorReported
        }
    }

    /// The reason the stand refuses motion with while this fault latches.
    public var reason: SwivelError.Reason? {
        switch self {
        case .none: nil
        case .followingError: .followingErrorFault
        case .encoderSilent: .encoderSilentFault
        case .homingFailed: .homingFailedFault
        case .stepsTooLate: .stepsTooLateFault
        case .motorReported: .motorReportedFault
        }
    }
}
