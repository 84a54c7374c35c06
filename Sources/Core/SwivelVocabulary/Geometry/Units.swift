#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Units live in names: these aliases make a signature say what a Double means.
// Angles are radians everywhere (never degrees), rates rad/s, time seconds.

public typealias Radians = Double
public typealias RadiansPerSecond = Double
public typealias RadiansPerSecondSquared = Double
/// A duration, or a point on the runtime's monotonic clock in seconds.
public typealias Seconds = Double

public enum AngleMath {
    /// `angle` wrapped into (-π, π].
    public static func wrapToPi(_ angle: Radians) -> Radians {
        guard angle.isFinite else { return angle }
        var wrapped = remainder(angle, 2 * Double.pi)
        if wrapped <= -Double.pi { wrapped += 2 * Double.pi }
        return wrapped
    }

    /// The representation of `target` (mod 2π) closest to `reference`: where a
    /// continuous axis at `reference` should go to reach `target` by the shortest path.
    public static func nearestEquivalent(of target: Radians, to reference: Radians) -> Radians {
        reference + wrapToPi(target - reference)
    }
}
