/// Every way setting up the real-time loop can fail, as a value with the reason a
/// maker needs. (Privileges the kernel refuses are not errors: the loop still runs,
/// and `RealtimePrivileges` says what was refused and how to fix it.)
public struct RealtimeLoopError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case invalidPeriod
        case invalidPriority
        case invalidCPU
        case clockNotSystemMonotonic
        case threadSpawnFailed
        case alreadyStarted
    }

    public var kind: Kind
    public var reason: String

    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String { "\(kind.rawValue): \(reason)" }
}
