// The DockKit app guide, "Motor Control": "Angular Velocity", "Set
// Orientation", "Motion State" and "Setting Limits". The guide's `import
// Spatial` goes: SwivelDockKit brings Vector3D and Rotation3D. The motion
// loop's placeholder records into the log, and the orientation snippet
// returns its Progress so that a test can watch it.
import SwivelDockKit

func panRightTiltDown(accessory: DockAccessory) async throws {
    // Pan right at 0.2 rad/s, tilt down at 0.1 rad/s
    let velocity = Vector3D(x: 0.1, y: 0.2, z: 0.0)
    try await accessory.setAngularVelocity(velocity)
}

func stopAllMotion(accessory: DockAccessory) async throws {
    // Stop all motion
    try await accessory.setAngularVelocity(Vector3D())
}

func turnToYawHalf(accessory: DockAccessory) throws -> Progress {
    let target = Vector3D(x: 0.0, y: 0.5, z: 0.0)  // Yaw 0.5 rad
    let progress = try accessory.setOrientation(
        target,
        duration: .seconds(2),
        relative: false
    )
    return progress
}

func watchMotionStates(accessory: DockAccessory) async throws {
    for await state in try accessory.motionStates {
        let positions = state.angularPositions   // Vector3D
        let velocities = state.angularVelocities // Vector3D
        let time = state.timestamp
        if let error = state.error {
            // Motor error occurred
            sampleLog.record { $0.motorErrors.append("\(error)") }
        }
        sampleLog.record { $0.motion.append((positions, velocities, time)) }
    }
}

func limitYaw(accessory: DockAccessory) throws {
    let yawLimit = try DockAccessory.Limits.Limit(
        positionRange: -1.0 ..< 1.0,   // radians
        maximumSpeed: 0.5               // rad/s
    )
    let limits = DockAccessory.Limits(yaw: yawLimit, pitch: nil, roll: nil)
    try accessory.setLimits(limits)
}
