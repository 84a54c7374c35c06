/// Braking to rest at a constant deceleration, then holding there: the first
/// phase of a move that cannot start from the motion under way (a reversal).
public struct BrakingSegment: Equatable, Sendable {
    public let start: Radians
    /// The curve's velocity at its start (see `init`).
    public let startVelocity: RadiansPerSecond
    /// The magnitude, > 0: the axis's acceleration cap.
    public let deceleration: RadiansPerSecondSquared

    /// - Parameter tickSeconds: the limiter's period, or 0 for a continuous
    ///   curve. The limiter's velocity is the one it holds over the tick to
    ///   come (p' = p + v'·dt), so braking at the cap from v it passes the
    ///   positions of a parabola that starts at v − a·dt/2; planning that
    ///   parabola lets the limiter follow it exactly while braking at the cap,
    ///   where the continuous one would leave it a lag it could never make up.
    public init(
        from start: Radians, velocity: RadiansPerSecond, deceleration: RadiansPerSecondSquared, tickSeconds: Seconds = 0
    ) {
        self.start = start
        let halfTick = min(abs(velocity), deceleration * max(tickSeconds, 0) / 2)
        startVelocity = velocity - (velocity < 0 ? -halfTick : halfTick)
        self.deceleration = deceleration
    }

    /// How long it takes to stop.
    public var duration: Seconds { abs(startVelocity) / deceleration }

    /// Where it stops: v²/(2a) along the motion.
    public var endPosition: Radians { start + startVelocity * duration / 2 }

    /// Position at `t` seconds after the start; held at the end after `duration`.
    public func position(at t: Seconds) -> Radians {
        let s = min(max(t, 0), duration)
        return start + s * (startVelocity - direction * deceleration * s / 2)
    }

    public func velocity(at t: Seconds) -> RadiansPerSecond {
        guard t < duration else { return 0 }
        return startVelocity - direction * deceleration * max(t, 0)
    }

    private var direction: Double { startVelocity < 0 ? -1 : 1 }
}
