/// A target orientation, as DockKit accepts it: Euler angles or a rotation.
public enum OrientationTarget: Equatable, Sendable {
    /// Pitch, yaw, roll in radians.
    case angles(Vector3)
    /// See `Quaternion` for the axes and the Euler order.
    case quaternion(Quaternion)
}
