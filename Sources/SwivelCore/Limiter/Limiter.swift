/// The one stage every trajectory source passes through last, once per tick
/// per axis: a pure function of (state, command, limits, dt).
///
/// It clamps in a fixed order, as LinuxCNC's limit3 does: position (a target is
/// pulled inside the range), then velocity (the speed cap), then braking by
/// stopping distance (never go faster than lets the axis stop exactly at a range
/// end), then acceleration (the change of velocity this tick). Acceleration comes
/// last because it is the one limit physics will not let us break: if an axis
/// starts outside its range (the app just narrowed it) it decelerates at the cap
/// and then returns inside at capped speed.
///
/// The integration is semi-implicit Euler, p' = p + v'·dt, and the braking
/// speed is computed for exactly that discrete scheme (not the continuous
/// v = √(2ad)), so an axis that starts inside its range at a speed it can stop
/// from stays inside it and lands on the limit exactly.
public enum Limiter {
    public enum Command: Equatable, Sendable {
        /// Run at this velocity.
        case velocity(RadiansPerSecond)
        /// Follow a target that will be at `position` at the end of this tick,
        /// moving at `velocity` (feed-forward, so a feasible trajectory is followed
        /// exactly rather than chased).
        case position(Radians, velocity: RadiansPerSecond)
    }

    public enum Failure: Error, Equatable, Sendable {
        case nonPositiveTimeStep(Seconds)
        case nonFiniteInput
    }

    public struct State: Equatable, Sendable {
        public var position: Radians
        public var velocity: RadiansPerSecond
        public var acceleration: RadiansPerSecondSquared

        public init(position: Radians, velocity: RadiansPerSecond = 0, acceleration: RadiansPerSecondSquared = 0) {
            self.position = position
            self.velocity = velocity
            self.acceleration = acceleration
        }

        public static let rest = State(position: 0)
    }

    /// Advances `state` by one tick of `dt` seconds toward `command` without
    /// breaking `limits`.
    public static func step(
        from state: State, command: Command, limits: AxisLimits, dt: Seconds
    ) throws(Failure) -> State {
        guard dt > 0, dt.isFinite else { throw .nonPositiveTimeStep(dt) }
        guard state.position.isFinite, state.velocity.isFinite else { throw .nonFiniteInput }
        let p = state.position
        let v = state.velocity
        let maxSpeed = limits.maximumSpeed
        let maxAccel = limits.maximumAcceleration
        let range = limits.positionRange

        // 1. Position: what velocity would the command like, with its target inside the range?
        var wanted: RadiansPerSecond
        switch command {
        case .velocity(let target):
            guard target.isFinite else { throw .nonFiniteInput }
            wanted = target
        case .position(let target, let targetVelocity):
            guard target.isFinite, targetVelocity.isFinite else { throw .nonFiniteInput }
            var goal = target
            var goalVelocity = targetVelocity
            if let range, !range.contains(target) {
                // A target pinned at a range end does not move.
                goal = range.clamp(target)
                goalVelocity = 0
            }
            // The part of the error the target's own motion does not explain.
            let gap = goal - p - goalVelocity * dt
            let landing = gap / dt
            let brake = brakingSpeed(distance: abs(gap), maximumAcceleration: maxAccel, dt: dt)
            wanted = goalVelocity + (abs(landing) <= brake ? landing : (gap < 0 ? -brake : brake))
        }

        // 2. Velocity.
        wanted = min(max(wanted, -maxSpeed), maxSpeed)

        // 3. Braking by stopping distance to each end of the range. Outside the
        // range the bound turns into "head back in", at no more than the speed cap
        // and landing on the range end.
        if let range {
            let upper = range.upperRadians
            let lower = range.lowerRadians
            let fastestUp: RadiansPerSecond = p <= upper
                ? brakingSpeed(distance: upper - p, maximumAcceleration: maxAccel, dt: dt)
                : -min((p - upper) / dt, brakingSpeed(distance: p - upper, maximumAcceleration: maxAccel, dt: dt), maxSpeed)
            let fastestDown: RadiansPerSecond = p >= lower
                ? -brakingSpeed(distance: p - lower, maximumAcceleration: maxAccel, dt: dt)
                : min((lower - p) / dt, brakingSpeed(distance: lower - p, maximumAcceleration: maxAccel, dt: dt), maxSpeed)
            wanted = min(max(wanted, fastestDown), fastestUp)
        }

        // 4. Acceleration.
        let deltaV = maxAccel * dt
        var newVelocity = min(max(wanted, v - deltaV), v + deltaV)
        var newPosition = p + newVelocity * dt

        // Rounding in the braking speed may leave a landing 1e-16 rad past the end;
        // an axis that was inside never leaves.
        if let range, range.contains(p), !range.contains(newPosition) {
            newPosition = range.clamp(newPosition)
            newVelocity = (newPosition - p) / dt
        }
        return State(position: newPosition, velocity: newVelocity, acceleration: (newVelocity - v) / dt)
    }

    /// The highest speed at which an axis may move this tick and still stop
    /// within `distance`, decelerating by `maximumAcceleration·dt` every tick after.
    ///
    /// Moving at v = (m + f)·a·dt (m whole, 0 ≤ f < 1) covers
    /// a·dt²·((m + 1)·f + m(m + 1)/2) before it stops; this inverts that.
    public static func brakingSpeed(
        distance: Radians, maximumAcceleration: RadiansPerSecondSquared, dt: Seconds
    ) -> RadiansPerSecond {
        guard distance > 0 else { return 0 }
        let unit = maximumAcceleration * dt * dt
        let x = distance / unit
        // A distance so large it can never matter (or a dt so tiny that a·dt² underflows).
        guard x.isFinite, x < 1e30 else { return .infinity }
        var m = ((1 + 8 * x).squareRoot() - 1) / 2
        m.round(.down)
        // Correct the square root's rounding so that m(m+1)/2 ≤ x < (m+1)(m+2)/2.
        while m > 0, m * (m + 1) / 2 > x { m -= 1 }
        while (m + 1) * (m + 2) / 2 <= x { m += 1 }
        let f = min(max((x - m * (m + 1) / 2) / (m + 1), 0), 1)
        return (m + f) * maximumAcceleration * dt
    }
}
