// Turns DockKit's errors into messages for the user: an exhaustive switch over
// DockKit's cases, as Apple's enum allows, with a catch-all for the rest.
import SwivelDockKit

func userMessage(for error: any Error) -> String {
    guard let dockKit = error as? DockKitError else { return "Something went wrong: \(error.localizedDescription)" }
    switch dockKit {
    case .invalidParameter: return "Invalid request."
    case .notConnected: return "The stand is not connected."
    case .notSupported, .notSupportedByDevice: return "Not supported here."
    case .frameRateTooHigh: return "Slow down."
    case .frameRateTooLow: return "Speed up."
    case .noSubjectFound: return "Nobody there."
    case .cameraTCCMissing: return "Allow camera access."
    @unknown default: return dockKit.errorDescription ?? "Unknown DockKit error."
    }
}

func reportingErrors(_ body: () async throws -> Void) async {
    do {
        try await body()
    } catch {
        referenceLog.record { $0.messages.append(userMessage(for: error)) }
    }
}
