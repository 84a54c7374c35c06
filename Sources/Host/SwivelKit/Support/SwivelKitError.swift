import SwivelProtocol

/// Every way a SwivelKit call can fail: a code and a reason a person can act
/// on, the stand's own words when the stand refused the command.
///
/// The codes are not a table of their own: a refusal carries the stand's code
/// from the one table, the vocabulary's `SwivelError.Code` (what ERR carries
/// on the wire), and the client adds only the two failures no stand can
/// report: no reply (`timedOut`) and no link (`transport`).
public struct SwivelKitError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// The stand refused (or would have: a rule SwivelKit checks first, as the stand does).
        case stand(SwivelError.Code)
        /// No reply after every retransmission.
        case timedOut
        /// The connection could not be made or was lost. The table's reserved
        /// `badFrame` arrives as this: a frame nobody can read is a broken link.
        case transport

        public static var allCases: [Code] {
            SwivelError.Code.allCases.filter { $0 != .badFrame }.map(Code.stand) + [.timedOut, .transport]
        }

        public var description: String {
            switch self {
            case .stand(let code): code.description
            case .timedOut: "timedOut"
            case .transport: "transport"
            }
        }
    }

    public let code: Code
    public let reason: String

    public init(code: Code, reason: String) {
        self.code = code == .stand(.badFrame) ? .transport : code
        self.reason = reason
    }

    /// A refusal under the stand's code.
    public init(_ code: SwivelError.Code, _ reason: String) {
        self.init(code: .stand(code), reason: reason)
    }

    /// A failure of the client's own.
    public init(_ code: Code, _ reason: String) {
        self.init(code: code, reason: reason)
    }

    /// "code: reason", as `swivelctl` prints it.
    public var description: String { "\(code): \(reason)" }

    /// The stand could not be reached or the link to it is gone, as opposed
    /// to a command the stand refused.
    public var isConnectionProblem: Bool {
        switch code {
        case .stand(.notConnected), .timedOut, .transport: true
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
        self.init(code: .stand(reply.code), reason: reason)
    }

    /// A rule SwivelCore checks (limits), as the stand would have answered it.
    public init(_ error: SwivelError) {
        self.init(ErrorReply(commandID: 0, error))
    }
}
