// The DockKit app guide's extended patterns, "Camera Control via Accessory
// Events", "Button-Triggered Panorama".
import SwivelDockKit

func handlePanorama(
    accessory: DockAccessory,
    buttonID: Int,
    pressed: Bool
) async throws {
    guard buttonID == 5 else { return }

    if pressed {
        try await DockAccessoryManager.shared.setSystemTrackingEnabled(false)
        let velocity = Vector3D(x: 0.0, y: 0.15, z: 0.0)
        try await accessory.setAngularVelocity(velocity)
    } else {
        try await accessory.setAngularVelocity(Vector3D())
        try await DockAccessoryManager.shared.setSystemTrackingEnabled(true)
    }
}
