// A tour of preset positions with iOS 18's async setOrientation, a rotation
// from Euler angles, and a range limit that keeps the hardware's speed.
import SwivelDockKit

func runPresetTour(accessory: DockAccessory) async throws -> [Progress] {
    try accessory.setLimits(
        DockAccessory.Limits(yaw: try .init(positionRange: -0.5..<0.5, maximumSpeed: 0), pitch: nil, roll: nil))
    var moves: [Progress] = []
    let right = try await accessory.setOrientation(Vector3D(y: 0.2), duration: .seconds(1), relative: false)
    moves.append(right)
    while !right.isFinished && !right.isCancelled { try await Task.sleep(for: .milliseconds(20)) }
    let angles = EulerAngles(x: .degrees(0), y: .radians(-0.3), z: .degrees(0), order: .xyz)
    let left = try await accessory.setOrientation(Rotation3D(eulerAngles: angles), duration: .seconds(1), relative: false)
    moves.append(left)
    while !left.isFinished && !left.isCancelled { try await Task.sleep(for: .milliseconds(20)) }
    return moves
}
