/// The three rotation axes, in DockKit's vector order: x = pitch, y = yaw, z = roll.
public enum Axis: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// Tilt. Positive tilts the back camera's view down.
    case pitch = 0
    /// Pan. Positive turns every camera's view to the right.
    case yaw = 1
    /// Rotation about the optical axis.
    case roll = 2

    public var description: String {
        switch self {
        case .pitch: "pitch"
        case .yaw: "yaw"
        case .roll: "roll"
        }
    }
}

/// A set of axes (which axes a stand has, which axes a result touched).
public struct AxisSet: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let pitch = AxisSet(rawValue: 1 << 0)
    public static let yaw = AxisSet(rawValue: 1 << 1)
    public static let roll = AxisSet(rawValue: 1 << 2)
    public static let all: AxisSet = [.pitch, .yaw, .roll]

    public init(_ axis: Axis) { self.init(rawValue: 1 << UInt8(axis.rawValue)) }

    public func contains(_ axis: Axis) -> Bool { contains(AxisSet(axis)) }

    public var description: String {
        "[" + Axis.allCases.filter { contains($0) }.map(\.description).joined(separator: ", ") + "]"
    }
}

/// One value per axis, stored inline: no heap, so the real-time tick can carry
/// per-axis state without allocating.
public struct PerAxis<Value> {
    public var pitch: Value
    public var yaw: Value
    public var roll: Value

    public init(pitch: Value, yaw: Value, roll: Value) {
        self.pitch = pitch
        self.yaw = yaw
        self.roll = roll
    }

    public init(repeating value: Value) {
        self.init(pitch: value, yaw: value, roll: value)
    }

    public subscript(axis: Axis) -> Value {
        get {
            switch axis {
            case .pitch: pitch
            case .yaw: yaw
            case .roll: roll
            }
        }
        set {
            switch axis {
            case .pitch: pitch = newValue
            case .yaw: yaw = newValue
            case .roll: roll = newValue
            }
        }
    }

    public func map<T>(_ transform: (Axis, Value) throws -> T) rethrows -> PerAxis<T> {
        PerAxis<T>(pitch: try transform(.pitch, pitch), yaw: try transform(.yaw, yaw), roll: try transform(.roll, roll))
    }
}

extension PerAxis: Equatable where Value: Equatable {}
extension PerAxis: Sendable where Value: Sendable {}
