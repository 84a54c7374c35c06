public import SwivelVocabulary

/// Every way setting up the real-time loop can fail, as a value with the reason a
/// maker needs. (Privileges the kernel refuses are not errors: the loop still runs,
/// and `RealtimePrivileges` says what was refused and how to fix it.)
public typealias RealtimeLoopError = ReasonedError<RealtimeLoopErrorKind>

public enum RealtimeLoopErrorKind: String, Sendable {
    case invalidPeriod
    case invalidPriority
    case invalidCPU
    case clockNotSystemMonotonic
    case threadSpawnFailed
    case alreadyStarted
}
