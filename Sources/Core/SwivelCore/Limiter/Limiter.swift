/// The one stage every trajectory source passes through last, once per tick
/// per axis: a pure function of (state, command, limits, hardware range, dt).
///
/// It clamps in a fixed order, as LinuxCNC's limit3 does: position (a target is
/// pulled inside the range), then velocity (the speed cap), then braking by
/// stopping distance (never go faster than lets the axis stop exactly at a range
/// end), then acceleration (the change of velocity this tick). Acceleration comes
/// last because it is the one limit physics will not let us break.
///
/// Two ranges, two promises. The board's hardware range is never crossed: an
/// axis only ever leaves this stage able to stop inside it at the cap (see
/// `step` for why that holds tick after tick). The app's range (`setLimits`,
/// always inside the hardware range) is soft: an axis that cannot stop inside a
/// range narrowed under it brakes at the cap, overshoots, and comes back inside
/// at capped speed, landing on the range end. Outside either range (it was put
/// there, not driven there) an axis heads back in the same way.
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

    /// Advances `state` by one tick with `limits.positionRange` as a hard range
    /// (the board's own limits, or any caller with only one range).
    public static func step(
        from state: State, command: Command, limits: AxisLimits, dt: Seconds
    ) throws(Failure) -> State {
        try step(from: state, command: command, limits: limits, hardwareRange: limits.positionRange, dt: dt)
    }

    /// Advances `state` by one tick of `dt` seconds toward `command`: never
    /// faster than `limits.maximumSpeed` from a speed at or under it, never
    /// changing velocity by more than `limits.maximumAcceleration·dt`, never
    /// crossing `hardwareRange`, and inside `limits.positionRange` except for
    /// the overshoot a narrowed range forces (see the type's comment).
    ///
    /// Why the hardware range holds: call a state safe when it could brake at
    /// the cap and stop inside the range, v − a·dt ≤ brakingSpeed(U − p) (and
    /// the mirror at L). Then the braking bound below and the acceleration
    /// window [v − a·dt, v + a·dt] overlap, so the new velocity meets both; and
    /// moving at no more than brakingSpeed(d) for a tick leaves exactly the
    /// distance to stop from one a·dt slower (`brakingSpeed`'s exactness), so
    /// the new state is safe again. A state at rest inside the range is safe,
    /// and only this function moves one, so no sequence of commands crosses
    /// the hardware range; the final clamp trims rounding only.
    public static func step(
        from state: State, command: Command, limits: AxisLimits, hardwareRange: PositionRange?, dt: Seconds
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
            if let bounds = range ?? hardwareRange, !bounds.contains(target) {
                // A target pinned at a range end does not move.
                goal = bounds.clamp(target)
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

        // 3. Braking by stopping distance to each end of the app's range, then
        // of the hardware range (which contains it, so inside both the app's
        // bound is the tighter; past an app end the hardware's still holds).
        if let range { wanted = braked(wanted, at: p, in: range, maxSpeed: maxSpeed, maxAccel: maxAccel, dt: dt) }
        if let hardwareRange, hardwareRange != range {
            wanted = braked(wanted, at: p, in: hardwareRange, maxSpeed: maxSpeed, maxAccel: maxAccel, dt: dt)
        }

        // 4. Acceleration.
        let deltaV = maxAccel * dt
        var newVelocity = min(max(wanted, v - deltaV), v + deltaV)
        var newPosition = p + newVelocity * dt

        // Rounding in the braking speed may leave a landing 1e-16 rad past an
        // end; an axis that was inside does not leave for that. Only rounding:
        // an overshoot the acceleration cap cannot prevent is kept.
        land(&newPosition, &newVelocity, from: p, v, inside: hardwareRange, deltaV: deltaV, dt: dt)
        land(&newPosition, &newVelocity, from: p, v, inside: range, deltaV: deltaV, dt: dt)
        return State(position: newPosition, velocity: newVelocity, acceleration: (newVelocity - v) / dt)
    }

    /// Pulls a landing a rounding past an end of `range` back onto it, when
    /// the axis was inside and the correction keeps the acceleration cap.
    private static func land(
        _ position: inout Radians, _ velocity: inout RadiansPerSecond, from p: Radians, _ v: RadiansPerSecond,
        inside range: PositionRange?, deltaV: RadiansPerSecond, dt: Seconds
    ) {
        guard let range, range.contains(p), !range.contains(position) else { return }
        let landed = range.clamp(position)
        let landedVelocity = (landed - p) / dt
        guard abs(landedVelocity - v) <= deltaV * (1 + 1e-9) else { return }
        position = landed
        velocity = landedVelocity
    }

    /// `wanted`, bounded so the axis can still stop on either end of `range`;
    /// outside it the bound turns into "head back in", at no more than the
    /// speed cap and landing on the range end.
    private static func braked(
        _ wanted: RadiansPerSecond, at p: Radians, in range: PositionRange,
        maxSpeed: RadiansPerSecond, maxAccel: RadiansPerSecondSquared, dt: Seconds
    ) -> RadiansPerSecond {
        let upper = range.upperRadians
        let lower = range.lowerRadians
        let fastestUp: RadiansPerSecond = p <= upper
            ? brakingSpeed(distance: upper - p, maximumAcceleration: maxAccel, dt: dt)
            : -min((p - upper) / dt, brakingSpeed(distance: p - upper, maximumAcceleration: maxAccel, dt: dt), maxSpeed)
        let fastestDown: RadiansPerSecond = p >= lower
            ? -brakingSpeed(distance: p - lower, maximumAcceleration: maxAccel, dt: dt)
            : min((lower - p) / dt, brakingSpeed(distance: lower - p, maximumAcceleration: maxAccel, dt: dt), maxSpeed)
        return min(max(wanted, fastestDown), fastestUp)
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
