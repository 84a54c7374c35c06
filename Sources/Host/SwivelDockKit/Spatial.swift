// The two Spatial types DockKit's motor calls take, with Spatial's names.
// Axes as in DockKit: x is pitch (tilt; + tilts the view down), y is yaw
// (pan; + turns right), z is roll. Radians and rad/s.
internal import SwivelKit

/// Spatial's `Vector3D`: an angle or an angular velocity per axis.
public struct Vector3D: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var z: Double

    public init() {
        self.init(x: 0, y: 0, z: 0)
    }

    /// Every axis not given is 0, as Spatial's: `Vector3D(y: 0.2)` is a yaw alone.
    public init(x: Double = 0, y: Double = 0, z: Double = 0) {
        self.x = x
        self.y = y
        self.z = z
    }

    public var description: String { "(x: \(x), y: \(y), z: \(z))" }

    var swivel: Vector3 { Vector3(x: x, y: y, z: z) }

    init(_ vector: Vector3) {
        self.init(x: vector.x, y: vector.y, z: vector.z)
    }
}

/// Spatial's `Angle2D`.
public struct Angle2D: Hashable, Sendable {
    public var radians: Double

    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { self.radians = degrees * .pi / 180 }

    public static func radians(_ value: Double) -> Angle2D { Angle2D(radians: value) }
    public static func degrees(_ value: Double) -> Angle2D { Angle2D(degrees: value) }

    public var degrees: Double { radians * 180 / .pi }
}

/// Spatial's `RotationAxis3D`: a unit axis, in the frame of `Vector3D`.
public struct RotationAxis3D: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// Pitch.
    public static let x = RotationAxis3D(x: 1, y: 0, z: 0)
    /// Yaw.
    public static let y = RotationAxis3D(x: 0, y: 1, z: 0)
    /// Roll.
    public static let z = RotationAxis3D(x: 0, y: 0, z: 1)
}

/// Spatial's `Rotation3D`: a unit quaternion whose x, y and z axes are pitch,
/// yaw and roll (Hamilton convention). As Euler angles it is yaw, then pitch,
/// then roll, intrinsic: the order of a gimbal whose yaw motor carries the others.
public struct Rotation3D: Hashable, Sendable {
    public var quaternion: (x: Double, y: Double, z: Double, w: Double) {
        (swivel.x, swivel.y, swivel.z, swivel.w)
    }

    let swivel: Quaternion

    public static let identity = Rotation3D(Quaternion.identity)

    public init() { self = .identity }

    /// `angle` about `axis`; a non-unit axis is normalized (a zero one is rejected by the stand).
    public init(angle: Angle2D, axis: RotationAxis3D) {
        let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        let s = sin(angle.radians / 2) / (length > 0 ? length : 1)
        self.init(Quaternion(w: length > 0 ? cos(angle.radians / 2) : 0, x: axis.x * s, y: axis.y * s, z: axis.z * s))
    }

    /// The quaternion (x, y, z, w) itself; the stand rejects one that is not of unit length.
    public init(x: Double, y: Double, z: Double, w: Double) {
        self.init(Quaternion(w: w, x: x, y: y, z: z))
    }

    init(_ quaternion: Quaternion) { swivel = quaternion }

    /// The rotation of three Euler angles applied in `eulerAngles.order`.
    public init(eulerAngles: EulerAngles) {
        let x = Rotation3D(angle: .radians(eulerAngles.x), axis: .x)
        let y = Rotation3D(angle: .radians(eulerAngles.y), axis: .y)
        let z = Rotation3D(angle: .radians(eulerAngles.z), axis: .z)
        switch eulerAngles.order {
        case .xyz: self = x.rotated(by: y).rotated(by: z)
        case .zxy: self = z.rotated(by: x).rotated(by: y)
        }
    }

    /// This rotation followed by `other`, applied in this rotation's frame.
    public func rotated(by other: Rotation3D) -> Rotation3D { Rotation3D(swivel * other.swivel) }

    public static func == (a: Rotation3D, b: Rotation3D) -> Bool { a.swivel == b.swivel }
    public func hash(into hasher: inout Hasher) { hasher.combine(swivel) }
}

/// Spatial's `EulerAngles`: three angles, radians, about x (pitch), y (yaw)
/// and z (roll), and the order they apply in.
public struct EulerAngles: Hashable, Sendable {
    /// Spatial's orders. Each is intrinsic: `.xyz` turns about x, then about
    /// the turned y, then about the twice-turned z (Hamilton product x·y·z).
    public enum Order: Hashable, Sendable {
        case xyz
        case zxy
    }

    public var x: Double
    public var y: Double
    public var z: Double
    public var order: Order

    public init() { self.init(x: 0, y: 0, z: 0, order: .xyz) }

    public init(x: Angle2D, y: Angle2D, z: Angle2D, order: Order) {
        self.init(x: x.radians, y: y.radians, z: z.radians, order: order)
    }

    public init(_ x: Angle2D, _ y: Angle2D, _ z: Angle2D, order: Order) {
        self.init(x: x, y: y, z: z, order: order)
    }

    /// Radians.
    public init(angles: (x: Double, y: Double, z: Double), order: Order) {
        self.init(x: angles.x, y: angles.y, z: angles.z, order: order)
    }

    init(x: Double, y: Double, z: Double, order: Order) {
        self.x = x
        self.y = y
        self.z = z
        self.order = order
    }

    /// Radians, as Spatial's `angles` (a `simd_double3` there).
    public var angles: (x: Double, y: Double, z: Double) { (x, y, z) }
}
