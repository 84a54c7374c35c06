// The DockKit app guide, "Animations".
import SwivelDockKit

func kapowAndRestoreTracking(accessory: DockAccessory) async throws {
    // Disable system tracking before animating
    try await DockAccessoryManager.shared.setSystemTrackingEnabled(false)

    let progress = try await accessory.animate(motion: .kapow)

    // Wait for completion
    while !progress.isFinished && !progress.isCancelled {
        try await Task.sleep(for: .milliseconds(100))
    }

    // Restore system tracking
    try await DockAccessoryManager.shared.setSystemTrackingEnabled(true)
}
