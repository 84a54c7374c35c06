internal import SwivelKit

/// DockKit's `DockKitError`, with Swivel's own cases after DockKit's, and the
/// stand's reason for each refusal.
///
/// A struct with one static value per case rather than an enum, so that it can
/// carry the reason and still be matched as DockKit's is: `case .frameRateTooHigh:`
/// in a switch, `catch DockKitError.notConnected`, `error == .noSubjectFound`.
/// Equality compares the case only. A switch over it needs `default:`, which
/// every DockKit switch has anyway (DockKit adds cases).
///
/// Every public call throws untyped, as DockKit's do: the guide's
/// `catch let error as DockKitError { ... } catch { ... }` would warn under a
/// typed throw. What is thrown is always a DockKitError.
public struct DockKitError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, CaseIterable, Sendable {
        // DockKit's.
        case invalidParameter, notConnected, notSupported, notSupportedByDevice, frameRateTooHigh, frameRateTooLow
        case noSubjectFound
        // Swivel's: the stand refused a manual command while system tracking
        // drives the motors; a motor fault; the stand is still stopping; the
        // link failed (no reply, no connection, a malformed or unknown frame,
        // another protocol version).
        case systemTrackingActive, motorFault, busy, timedOut, transport, unknownMessage, badLength, versionMismatch
    }

    public let code: Code
    /// Why, in the stand's words when the stand refused.
    public let reason: String

    public init(_ code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    public static let invalidParameter = DockKitError(.invalidParameter, reason: "invalid parameter")
    public static let notConnected = DockKitError(.notConnected, reason: "not connected")
    public static let notSupported = DockKitError(.notSupported, reason: "not supported")
    public static let notSupportedByDevice = DockKitError(.notSupportedByDevice, reason: "not supported by the device")
    public static let frameRateTooHigh = DockKitError(.frameRateTooHigh, reason: "frame rate too high")
    public static let frameRateTooLow = DockKitError(.frameRateTooLow, reason: "frame rate too low")
    public static let noSubjectFound = DockKitError(.noSubjectFound, reason: "no subject found")
    public static let systemTrackingActive = DockKitError(.systemTrackingActive, reason: "system tracking is active")
    public static let motorFault = DockKitError(.motorFault, reason: "motor fault")

    public static func == (a: DockKitError, b: DockKitError) -> Bool { a.code == b.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// `catch DockKitError.frameRateTooHigh`, as with DockKit's enum.
    public static func ~= (pattern: DockKitError, error: any Error) -> Bool {
        (error as? DockKitError)?.code == pattern.code
    }

    public var description: String { "\(code.rawValue): \(reason)" }

    /// SwivelKit's code of the same name: every one of SwivelKit's codes is here.
    init(_ error: SwivelKitError) {
        self.init(Code(rawValue: error.code.rawValue) ?? .transport, reason: error.reason)
    }
}

/// Runs a SwivelKit call, its error as DockKit's.
func translatingErrors<T>(_ body: () async throws(SwivelKitError) -> T) async throws(DockKitError) -> T {
    do {
        return try await body()
    } catch {
        throw DockKitError(error)
    }
}

func translatingErrorsNow<T>(_ body: () throws(SwivelKitError) -> T) throws(DockKitError) -> T {
    do {
        return try body()
    } catch {
        throw DockKitError(error)
    }
}
