// The DockKit app guide, "System Tracking", "Enable or Disable"; and "Common
// Mistakes", "DON'T: Control motors without disabling system tracking".
import SwivelDockKit

func enableSystemTracking() async throws {
    // Enable system tracking (default)
    try await DockAccessoryManager.shared.setSystemTrackingEnabled(true)
}

func disableSystemTracking() async throws {
    // Disable system tracking for custom control
    try await DockAccessoryManager.shared.setSystemTrackingEnabled(false)
}

func wrongMotorControl(accessory: DockAccessory, velocity: Vector3D) async throws {
    // WRONG -- system tracking fights manual commands
    try await accessory.setAngularVelocity(velocity)
}

func correctMotorControl(accessory: DockAccessory, velocity: Vector3D) async throws {
    // CORRECT -- disable system tracking first
    try await DockAccessoryManager.shared.setSystemTrackingEnabled(false)
    try await accessory.setAngularVelocity(velocity)
}
