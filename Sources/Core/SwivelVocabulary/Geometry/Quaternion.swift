#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A rotation as a unit quaternion (w, x, y, z), Hamilton convention.
///
/// The quaternion's x, y and z axes ARE the pitch, yaw and roll axes: a positive
/// rotation about x (right-hand rule) is a positive pitch (view tilts down), about
/// y a positive yaw (view turns right), about z a positive roll. For that to hold
/// with a right-handed frame, the frame at zero orientation is
/// x = left, y = down, z = backward (the camera looks along -z); +roll then turns
/// the camera counter-clockwise as seen from behind it.
///
/// Euler order: intrinsic yaw, then pitch, then roll (q = q_yaw ⊗ q_pitch ⊗ q_roll),
/// the order of a pan/tilt/roll gimbal whose yaw motor carries the pitch motor,
/// which carries the roll motor. Pitch is recovered in [-π/2, π/2]; at ±π/2
/// (gimbal lock) roll is reported as 0 and yaw carries the whole rotation.
public struct Quaternion: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var w: Double
    public var x: Double
    public var y: Double
    public var z: Double

    public init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    public static let identity = Quaternion(w: 1, x: 0, y: 0, z: 0)

    /// A rotation of `angle` about `axis`.
    public init(rotating angle: Radians, about axis: Axis) {
        let half = angle / 2
        let s = sin(half)
        self.init(
            w: cos(half),
            x: axis == .pitch ? s : 0,
            y: axis == .yaw ? s : 0,
            z: axis == .roll ? s : 0
        )
    }

    /// The orientation reached by yaw, then pitch, then roll (intrinsic).
    public init(pitchYawRoll angles: Vector3) {
        self = Quaternion(rotating: angles.yaw, about: .yaw)
            * Quaternion(rotating: angles.pitch, about: .pitch)
            * Quaternion(rotating: angles.roll, about: .roll)
    }

    public var norm: Double { (w * w + x * x + y * y + z * z).squareRoot() }

    public var description: String { "Quaternion(w: \(w), x: \(x), y: \(y), z: \(z))" }

    /// Hamilton product: `a * b` applies `b` first in `a`'s frame (intrinsic composition).
    public static func * (a: Quaternion, b: Quaternion) -> Quaternion {
        Quaternion(
            w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w
        )
    }

    /// The rotation matrix, row-major: `m[row][column]`.
    public var rotationMatrix: [[Double]] {
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
        ]
    }

    /// Pitch, yaw and roll (radians) such that `Quaternion(pitchYawRoll:)` gives
    /// this rotation back.
    public var pitchYawRoll: Vector3 {
        // Rows of R = Ry(yaw) · Rx(pitch) · Rz(roll):
        //   R[1] = [cos p · sin r, cos p · cos r, −sin p]
        //   R[·][2] = [sin y · cos p, −sin p, cos y · cos p]
        let r12 = 2 * (y * z - w * x)
        let sinPitch = -r12
        if abs(sinPitch) >= 1 - 1e-12 {
            let pitch = sinPitch > 0 ? Double.pi / 2 : -Double.pi / 2
            let r00 = 1 - 2 * (y * y + z * z)
            let r01 = 2 * (x * y - w * z)
            let yaw = sinPitch > 0 ? atan2(r01, r00) : atan2(-r01, r00)
            return Vector3(pitch: pitch, yaw: yaw, roll: 0)
        }
        let r10 = 2 * (x * y + w * z)
        let r11 = 1 - 2 * (x * x + z * z)
        let r02 = 2 * (x * z + w * y)
        let r22 = 1 - 2 * (x * x + y * y)
        return Vector3(pitch: asin(sinPitch), yaw: atan2(r02, r22), roll: atan2(r10, r11))
    }
}
