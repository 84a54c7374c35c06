/// Angles or angular rates about the three axes, in DockKit's order:
/// x = pitch, y = yaw, z = roll. What the numbers mean (radians, rad/s) is
/// said by the name of the value that holds it.
public struct Vector3: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    public init(pitch: Double = 0, yaw: Double = 0, roll: Double = 0) {
        self.init(x: pitch, y: yaw, z: roll)
    }

    public static let zero = Vector3(x: 0, y: 0, z: 0)

    public var pitch: Double { get { x } set { x = newValue } }
    public var yaw: Double { get { y } set { y = newValue } }
    public var roll: Double { get { z } set { z = newValue } }

    public subscript(axis: Axis) -> Double {
        get {
            switch axis {
            case .pitch: x
            case .yaw: y
            case .roll: z
            }
        }
        set {
            switch axis {
            case .pitch: x = newValue
            case .yaw: y = newValue
            case .roll: z = newValue
            }
        }
    }

    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    public var description: String { "(pitch: \(x), yaw: \(y), roll: \(z))" }

    public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
}
