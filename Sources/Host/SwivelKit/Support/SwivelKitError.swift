import SwivelProtocol

/// Every way a SwivelKit call can fail: DockKitError's cases, the stand's own
/// (`busy`) and the transport's. Each carries a reason a person can act on,
/// the stand's own words when the stand refused the command.
public enum SwivelKitError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidParameter(String)
    case notConnected(String)
    case notSupported(String)
    case notSupportedByDevice(String)
    case frameRateTooHigh(String)
    case frameRateTooLow(String)
    case noSubjectFound(String)
    case systemTrackingActive(String)
    case motorFault(String)
    case busy(String)
    case unknownMessage(String)
    case badLength(String)
    case versionMismatch(String)
    /// No reply after every retransmission.
    case timedOut(String)
    /// The connection could not be made or was lost.
    case transport(String)

    /// The case without its reason, for comparisons and printing.
    public enum Code: String, CaseIterable, Sendable, CustomStringConvertible {
        case invalidParameter, notConnected, notSupported, notSupportedByDevice, frameRateTooHigh, frameRateTooLow
        case noSubjectFound, systemTrackingActive, motorFault, busy, unknownMessage, badLength, versionMismatch
        case timedOut, transport

        public var description: String { rawValue }
    }

    public init(code: Code, reason: String) {
        switch code {
        case .invalidParameter: self = .invalidParameter(reason)
        case .notConnected: self = .notConnected(reason)
        case .notSupported: self = .notSupported(reason)
        case .notSupportedByDevice: self = .notSupportedByDevice(reason)
        case .frameRateTooHigh: self = .frameRateTooHigh(reason)
        case .frameRateTooLow: self = .frameRateTooLow(reason)
        case .noSubjectFound: self = .noSubjectFound(reason)
        case .systemTrackingActive: self = .systemTrackingActive(reason)
        case .motorFault: self = .motorFault(reason)
        case .busy: self = .busy(reason)
        case .unknownMessage: self = .unknownMessage(reason)
        case .badLength: self = .badLength(reason)
        case .versionMismatch: self = .versionMismatch(reason)
        case .timedOut: self = .timedOut(reason)
        case .transport: self = .transport(reason)
        }
    }

    public var code: Code {
        switch self {
        case .invalidParameter: .invalidParameter
        case .notConnected: .notConnected
        case .notSupported: .notSupported
        case .notSupportedByDevice: .notSupportedByDevice
        case .frameRateTooHigh: .frameRateTooHigh
        case .frameRateTooLow: .frameRateTooLow
        case .noSubjectFound: .noSubjectFound
        case .systemTrackingActive: .systemTrackingActive
        case .motorFault: .motorFault
        case .busy: .busy
        case .unknownMessage: .unknownMessage
        case .badLength: .badLength
        case .versionMismatch: .versionMismatch
        case .timedOut: .timedOut
        case .transport: .transport
        }
    }

    public var reason: String {
        switch self {
        case .invalidParameter(let r), .notConnected(let r), .notSupported(let r), .notSupportedByDevice(let r),
            .frameRateTooHigh(let r), .frameRateTooLow(let r), .noSubjectFound(let r), .systemTrackingActive(let r),
            .motorFault(let r), .busy(let r), .unknownMessage(let r), .badLength(let r), .versionMismatch(let r),
            .timedOut(let r), .transport(let r):
            r
        }
    }

    /// "code: reason", as `swivelctl` prints it.
    public var description: String { "\(code): \(reason)" }

    /// The stand could not be reached or the link to it is gone, as opposed
    /// to a command the stand refused.
    public var isConnectionProblem: Bool {
        switch code {
        case .notConnected, .timedOut, .transport: true
        default: false
        }
    }
}

extension SwivelKitError {
    /// An ERR frame: the stand's code, and its reason prefixed by the axis and
    /// followed by the offending value, when the stand named them.
    init(_ reply: ErrorReply) {
        var reason = ""
        if let axis = reply.axis { reason += "\(axis): " }
        reason += reply.reason
        if let value = reply.value { reason += " (got \(NumberText.shortest(value)))" }
        // By name: the codes are the vocabulary's one table. The reserved
        // badFrame has no case of its own here: it is a broken link.
        let code = Code(rawValue: reply.code.description) ?? .transport
        self.init(code: code, reason: reason)
    }

    /// A rule SwivelCore checks (limits), as the stand would have answered it.
    public init(_ error: SwivelError) {
        self.init(ErrorReply(commandID: 0, error))
    }
}
