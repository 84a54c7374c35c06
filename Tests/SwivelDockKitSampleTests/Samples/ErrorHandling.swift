// The DockKit app guide's extended patterns, "Error Handling", "Guarding API
// Calls". The `break` placeholders record which case was taken.
import SwivelDockKit

func safeTrack(
    observations: [DockAccessory.Observation],
    cameraInfo: DockAccessory.CameraInformation,
    accessory: DockAccessory
) async {
    do {
        try await accessory.track(observations, cameraInformation: cameraInfo)
        sampleLog.record { $0.trackOutcomes.append("accepted") }
    } catch let error as DockKitError {
        switch error {
        case .notConnected:
            // Accessory disconnected, stop tracking loop
            sampleLog.record { $0.trackOutcomes.append("notConnected") }
        case .frameRateTooHigh:
            // Throttle observation delivery
            sampleLog.record { $0.trackOutcomes.append("frameRateTooHigh") }
        case .frameRateTooLow:
            // Speed up frame processing
            sampleLog.record { $0.trackOutcomes.append("frameRateTooLow") }
        case .noSubjectFound:
            // No subject in observations, continue
            sampleLog.record { $0.trackOutcomes.append("noSubjectFound") }
        default:
            sampleLog.record { $0.trackOutcomes.append("other: \(error)") }
        }
    } catch {
        // Unexpected error
        sampleLog.record { $0.trackOutcomes.append("unexpected: \(error)") }
    }
}
