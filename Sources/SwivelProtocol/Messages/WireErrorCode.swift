public import SwivelVocabulary

/// ERR codes: DockKitError's cases and the runtime's own share numbers with
/// `SwivelError.Code`; transport problems start at 0x20.
public enum WireErrorCode: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case invalidParameter = 1
    case notConnected = 2
    case notSupported = 3
    case notSupportedByDevice = 4
    case frameRateTooHigh = 5
    case frameRateTooLow = 6
    case noSubjectFound = 7
    case systemTrackingActive = 8
    case motorFault = 9
    case busy = 10
    case unknownMessage = 0x20
    case badLength = 0x21
    case versionMismatch = 0x22
    /// Reserved for a receiver that cannot parse a field it must (unused by v1 senders).
    case badFrame = 0x23

    public init(_ code: SwivelError.Code) {
        // Same numbers by construction; the fallback cannot trigger for 1...10.
        self = WireErrorCode(rawValue: code.rawValue) ?? .invalidParameter
    }

    public var description: String {
        if let shared = SwivelError.Code(rawValue: rawValue) { return shared.description }
        return switch self {
        case .unknownMessage: "unknownMessage"
        case .badLength: "badLength"
        case .versionMismatch: "versionMismatch"
        case .badFrame: "badFrame"
        default: "error \(rawValue)"
        }
    }
}
