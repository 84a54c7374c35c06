// The DockKit app guide's extended patterns, "Custom Motor Animations":
// "Sweep Animation" and "Timed Position Sequence". The sequence's
// `setOrientation` is awaited: in an async function DockKit's iOS 18
// overloads pick the async one, and the guide's `try` alone no longer
// compiles (with Apple's SDK either, for an iOS 18 target).
import SwivelDockKit

func performSweep(accessory: DockAccessory) async throws {
    try await DockAccessoryManager.shared.setSystemTrackingEnabled(false)

    // Sweep right
    let rightVelocity = Vector3D(x: 0.0, y: 0.2, z: 0.0)
    try await accessory.setAngularVelocity(rightVelocity)
    try await Task.sleep(for: .seconds(3))

    // Sweep left
    let leftVelocity = Vector3D(x: 0.0, y: -0.2, z: 0.0)
    try await accessory.setAngularVelocity(leftVelocity)
    try await Task.sleep(for: .seconds(6))

    // Sweep back to center
    try await accessory.setAngularVelocity(rightVelocity)
    try await Task.sleep(for: .seconds(3))

    // Stop
    try await accessory.setAngularVelocity(Vector3D())
    try await DockAccessoryManager.shared.setSystemTrackingEnabled(true)
}

func lookAround(accessory: DockAccessory) async throws {
    try await DockAccessoryManager.shared.setSystemTrackingEnabled(false)

    let positions: [(yaw: Double, pitch: Double, duration: Double)] = [
        (yaw: -0.5, pitch: 0.0, duration: 1.5),
        (yaw: 0.5, pitch: 0.0, duration: 3.0),
        (yaw: 0.0, pitch: -0.2, duration: 1.5),
        (yaw: 0.0, pitch: 0.0, duration: 1.0),
    ]

    for pos in positions {
        let target = Vector3D(x: pos.pitch, y: pos.yaw, z: 0.0)
        let progress = try await accessory.setOrientation(
            target,
            duration: .seconds(pos.duration),
            relative: false
        )
        while !progress.isFinished && !progress.isCancelled {
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    try await DockAccessoryManager.shared.setSystemTrackingEnabled(true)
}
