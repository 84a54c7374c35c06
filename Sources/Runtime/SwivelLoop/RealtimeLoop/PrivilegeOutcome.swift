/// What happened to one part of a `RealtimeRequest`.
public enum PrivilegeOutcome: Sendable, Equatable {
    case notRequested
    case granted
    /// The kernel said no. `reason` is a sentence a maker can act on.
    case refused(errno: Int32, reason: String)
    /// This platform has no such mechanism (macOS development builds).
    case unsupported(reason: String)

    public var isGranted: Bool { self == .granted }

    /// The sentence to log, or nil when there is nothing to warn about.
    public var warning: String? {
        switch self {
        case .notRequested, .granted: nil
        case .refused(_, let reason), .unsupported(let reason): reason
        }
    }
}
