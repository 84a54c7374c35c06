public import SwivelCore

/// What the stand engine is doing. The engine switches on it, and the
/// published status's flags (`halting`, `halted`, `fault`, `faultDisabled`)
/// are read from it, so no two of them can disagree.
public enum StandMode: Equatable, Sendable {
    /// Before the first motion, or after the stand was idle for the board's
    /// `idleTimeoutSeconds`: every driver off (but an axis that holds when
    /// idle), nothing holds the other axes, and one with an encoder is held
    /// where it is measured. The next motion enables the drivers.
    case released
    /// The start-up homing seeks the switches; motion commands wait (`busy`).
    case homing
    /// Drivers on (holding or moving), commands applied.
    case running
    /// A motor fault latched: every axis stops at its caps and motion is
    /// refused; `driversOff` once at rest, when `clearFault` may run.
    case faulted(AxisFault, driversOff: Bool)
    /// `clearFault` re-enabled the drivers at stand time `since`: they settle
    /// before the fault is cleared.
    case clearing(AxisFault, since: Seconds)
    /// Decelerating to rest for a shutdown; every command refused. A motor
    /// that reports a problem meanwhile still latches its fault.
    case halting(fault: AxisFault?)
    /// At rest with every driver off: the loop may stop.
    case halted(fault: AxisFault?)

    /// The latched fault, if any.
    public var fault: AxisFault? {
        switch self {
        case .faulted(let fault, _), .clearing(let fault, _): fault
        case .halting(let fault), .halted(let fault): fault
        case .released, .homing, .running: nil
        }
    }

    public var isHalting: Bool {
        if case .halting = self { return true }
        return false
    }

    public var isHalted: Bool {
        if case .halted = self { return true }
        return false
    }

    /// A fault's stop is over and its drivers are off (`clearFault` may run).
    public var faultDriversOff: Bool {
        switch self {
        case .faulted(_, let off): off
        // Clearing began from off; a halt ends with every driver off.
        case .clearing: true
        case .halted(let fault): fault != nil
        case .halting, .released, .homing, .running: false
        }
    }

    /// The refusal the engine answers a motion command with in this mode;
    /// nil where it applies one (the controller may still refuse it).
    public var motionRefusal: SwivelError? {
        switch self {
        case .halting, .halted: SwivelError(.notConnected, .standHalted)
        case .faulted(let fault, _), .clearing(let fault, _): AxisFaultMonitor.refusal(for: fault)
        case .homing: SwivelError(.busy, .homingInProgress)
        case .released, .running: nil
        }
    }
}
