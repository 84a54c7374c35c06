internal import SwivelKit

/// DockKit's `DockKitError`: the same enum, with DockKit's cases and no others.
///
/// Exactly DockKit's cases, so that an app's exhaustive switch over them
/// (ending in `@unknown default`, as DockKit's users write it) compiles
/// without a "switch must be exhaustive" warning: an extra case would warn in
/// every such switch. The stand's refusals that DockKit has a case for are
/// thrown as that case; the ones it has none for are thrown as
/// `SwivelStandError`, which a `catch` after `catch let error as DockKitError`
/// reaches (docs/PORTING.md, "Errors").
public enum DockKitError: Error, Equatable, Hashable, LocalizedError, Sendable {
    case invalidParameter
    case notConnected
    case notSupported
    case notSupportedByDevice
    case frameRateTooHigh
    case frameRateTooLow
    case noSubjectFound
    /// Never thrown by Swivel: the stand sees through its own camera, or through the app's observations.
    case cameraTCCMissing

    public var errorDescription: String? {
        switch self {
        case .invalidParameter: "The supplied parameter is invalid."
        case .notConnected: "The dock accessory isn't connected to a device."
        case .notSupported: "The method isn't supported on this platform."
        case .notSupportedByDevice: "The device doesn't support the requested operation."
        case .frameRateTooHigh: "The call rate for the method is too frequent."
        case .frameRateTooLow: "The frame rate is too low to track an object."
        case .noSubjectFound: "No subject was found."
        case .cameraTCCMissing: "The camera terms and conditions are missing."
        }
    }

    /// DockKit's case for a code of the one table (the vocabulary's
    /// `SwivelError.Code`), nil for the codes DockKit lacks (they are thrown
    /// as `SwivelStandError`, under the table's name).
    init?(_ code: SwivelKitError.Code) {
        switch code {
        case .stand(.invalidParameter): self = .invalidParameter
        case .stand(.notConnected): self = .notConnected
        case .stand(.notSupported): self = .notSupported
        case .stand(.notSupportedByDevice): self = .notSupportedByDevice
        case .stand(.frameRateTooHigh): self = .frameRateTooHigh
        case .stand(.frameRateTooLow): self = .frameRateTooLow
        case .stand(.noSubjectFound): self = .noSubjectFound
        default: return nil
        }
    }
}

/// What the stand (or the link to it) refused or failed with that DockKit
/// has no case for, with the stand's reason.
public struct SwivelStandError: Error, LocalizedError, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, CaseIterable, Sendable {
        /// A manual command while system tracking drives the motors (DockKit silently fights it instead).
        case systemTrackingActive
        /// A latched motor fault; the reason names which.
        case motorFault
        /// The stand is still stopping.
        case busy
        /// No reply within the link's retry budget.
        case timedOut
        /// The link failed: no connection, a malformed or unknown frame, another protocol version.
        case transport, unknownMessage, badLength, versionMismatch
    }

    public let code: Code
    /// Why, in the stand's words when the stand refused.
    public let reason: String

    public init(_ code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    public var errorDescription: String? { description }
    public var description: String { "\(code.rawValue): \(reason)" }

    // `catch SwivelStandError.systemTrackingActive`: matched on the code alone.
    public static let systemTrackingActive = SwivelStandError(.systemTrackingActive, reason: "system tracking is active")
    public static let motorFault = SwivelStandError(.motorFault, reason: "motor fault")
    public static let busy = SwivelStandError(.busy, reason: "the stand is still stopping")
    public static let timedOut = SwivelStandError(.timedOut, reason: "no reply from the stand")
    public static let transport = SwivelStandError(.transport, reason: "the link failed")

    /// Equal codes: the reason is the stand's wording, not part of the identity.
    public static func == (a: SwivelStandError, b: SwivelStandError) -> Bool { a.code == b.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    public static func ~= (pattern: SwivelStandError, error: any Error) -> Bool {
        (error as? SwivelStandError)?.code == pattern.code
    }
}

/// SwivelKit's error as what SwivelDockKit throws: DockKit's case when it has one.
func dockKitError(_ error: SwivelKitError) -> any Error {
    if let dockKit = DockKitError(error.code) { return dockKit }
    return SwivelStandError(SwivelStandError.Code(rawValue: error.code.description) ?? .transport, reason: error.reason)
}

/// Runs a SwivelKit call, its error as DockKit's.
func translatingErrors<T>(_ body: () async throws(SwivelKitError) -> T) async throws -> T {
    do {
        return try await body()
    } catch {
        throw dockKitError(error)
    }
}

func translatingErrorsNow<T>(_ body: () throws(SwivelKitError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw dockKitError(error)
    }
}
