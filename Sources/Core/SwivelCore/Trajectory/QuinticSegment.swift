/// A fifth-order polynomial from (position, velocity, acceleration) at t = 0 to
/// (position, 0, 0) at t = duration: the minimum-jerk move when it starts at
/// rest, and still smooth when a new move interrupts one already running.
public struct QuinticSegment: Equatable, Sendable {
    public let duration: Seconds
    // p(t) = c0 + c1 t + c2 t² + c3 t³ + c4 t⁴ + c5 t⁵
    private let c0, c1, c2, c3, c4, c5: Double

    public init(
        from start: Radians, velocity v0: RadiansPerSecond, acceleration a0: RadiansPerSecondSquared,
        to end: Radians, duration: Seconds
    ) {
        self.duration = duration
        let t = duration
        let delta = end - start
        c0 = start
        c1 = v0
        c2 = a0 / 2
        guard t > 0 else {
            c3 = 0; c4 = 0; c5 = 0
            return
        }
        let t2 = t * t, t3 = t2 * t
        c3 = (20 * delta - 12 * v0 * t - 3 * a0 * t2) / (2 * t3)
        c4 = (-30 * delta + 16 * v0 * t + 3 * a0 * t2) / (2 * t3 * t)
        c5 = (12 * delta - 6 * v0 * t - a0 * t2) / (2 * t3 * t2)
    }

    public var endPosition: Radians { position(at: duration) }

    /// Position at `t` seconds after the start; held at the end after `duration`.
    public func position(at t: Seconds) -> Radians {
        let s = min(max(t, 0), duration)
        return c0 + s * (c1 + s * (c2 + s * (c3 + s * (c4 + s * c5))))
    }

    public func velocity(at t: Seconds) -> RadiansPerSecond {
        guard t < duration else { return 0 }
        let s = max(t, 0)
        return c1 + s * (2 * c2 + s * (3 * c3 + s * (4 * c4 + s * 5 * c5)))
    }

    public func acceleration(at t: Seconds) -> RadiansPerSecondSquared {
        guard t < duration else { return 0 }
        let s = max(t, 0)
        return 2 * c2 + s * (6 * c3 + s * (12 * c4 + s * 20 * c5))
    }

    /// The lowest and highest position along the segment, at the same samples as `peaks`.
    public func positionExtremes() -> (lowest: Radians, highest: Radians) {
        var lowest = c0, highest = c0
        let samples = 256
        for i in 0...samples {
            let p = position(at: duration * Double(i) / Double(samples))
            lowest = min(lowest, p)
            highest = max(highest, p)
        }
        return (lowest, highest)
    }

    /// The largest |velocity| and |acceleration| along the segment, sampled finely
    /// enough (256 intervals) that the limiter only ever trims rounding.
    public func peaks() -> (speed: RadiansPerSecond, acceleration: RadiansPerSecondSquared) {
        var speed = 0.0, accel = 0.0
        let samples = 256
        for i in 0...samples {
            let t = duration * Double(i) / Double(samples)
            speed = max(speed, abs(velocity(at: t)))
            accel = max(accel, abs(acceleration(at: t)))
        }
        return (speed, accel)
    }
}
