/// A `setOrientation` move: one quintic per axis, all sharing one duration so
/// the axes start and arrive together; when the motion under way cannot be
/// bent into the move, first a braking phase that stops every axis at its cap.
public struct TimedMove: Equatable, Sendable {
    public let startTime: Seconds
    /// The whole move: braking, then the quintics.
    public let duration: Seconds
    /// How long the braking phase lasts (0 when the quintics start at once):
    /// the slowest axis's stopping time.
    public let brakingDuration: Seconds
    /// nil for an axis the stand does not have, and for every axis of a move
    /// without a braking phase.
    public let braking: PerAxis<BrakingSegment?>
    /// The quintics, starting `brakingDuration` after `startTime`; nil for an
    /// axis the stand does not have.
    public let segments: PerAxis<QuinticSegment?>
    public let target: PerAxis<Radians>

    /// A minimum-jerk move from rest over Δ peaks at 1.875·Δ/T in speed and
    /// 5.77·Δ/T² in acceleration.
    static let restPeakSpeedRatio = 1.875
    static let restPeakAccelerationRatio = 5.773_502_691_896_258
    /// How many longer durations a direct move from the motion under way tries,
    /// each 10 % longer than the last, before braking first is the answer.
    static let directAttempts = 24
    /// Rounding allowed over a cap when checking a sampled profile; the limiter
    /// trims it.
    static let capTolerance = 1e-6

    /// Plans a move from the commanded `state` to `target`, always with a
    /// finite duration and a profile within every axis's caps and range.
    ///
    /// The duration is `requestedDuration` when the caps allow it, otherwise
    /// the shortest they allow for this kind of profile (0 asks for exactly
    /// that). Two kinds: a direct quintic from the current position, velocity
    /// and acceleration (smooth when a move interrupts one under way), tried at
    /// the shortest duration the distances and stopping times allow and at
    /// longer ones; or, when none of those fits (a reversal, a speed above a
    /// just-lowered cap, an overshoot of the range) or braking first arrives
    /// sooner, brake every axis to rest at its cap and then a quintic from
    /// rest, which fits by construction. A direct quintic cannot simply be
    /// stretched until it fits: its initial acceleration alone carries it ever
    /// faster the longer it is.
    ///
    /// - Parameter tickSeconds: the control period the limiter follows the
    ///   move at (0: plan in continuous time); see `BrakingSegment`.
    public static func plan(
        startTime: Seconds,
        from state: PerAxis<Limiter.State>,
        to target: PerAxis<Radians>,
        requestedDuration: Seconds,
        limits: PerAxis<AxisLimits?>,
        tickSeconds: Seconds = 0
    ) -> TimedMove {
        let fallback = brakeThenMove(
            startTime: startTime, from: state, to: target, requestedDuration: requestedDuration, limits: limits,
            tickSeconds: tickSeconds)
        var duration = requestedDuration
        for axis in Axis.allCases {
            guard let limit = limits[axis] else { continue }
            duration = max(
                duration,
                restToRestDuration(distance: abs(target[axis] - state[axis].position), limit: limit),
                abs(state[axis].velocity) / limit.maximumAcceleration)
        }
        for _ in 0..<directAttempts {
            guard duration <= fallback.duration else { break }
            if let direct = directMove(startTime: startTime, from: state, to: target, duration: duration, limits: limits) {
                return direct
            }
            duration *= 1.1
        }
        return fallback
    }

    /// The direct quintics over `duration`, or nil if one breaks a cap or leaves its range.
    static func directMove(
        startTime: Seconds, from state: PerAxis<Limiter.State>, to target: PerAxis<Radians>,
        duration: Seconds, limits: PerAxis<AxisLimits?>
    ) -> TimedMove? {
        var segments = PerAxis<QuinticSegment?>(repeating: nil)
        for axis in Axis.allCases {
            guard let limit = limits[axis] else { continue }
            let segment = QuinticSegment(
                from: state[axis].position, velocity: state[axis].velocity,
                acceleration: state[axis].acceleration, to: target[axis], duration: duration)
            guard fits(segment, limit) else { return nil }
            segments[axis] = segment
        }
        return TimedMove(
            startTime: startTime, duration: duration, brakingDuration: 0, braking: PerAxis(repeating: nil),
            segments: segments, target: target)
    }

    /// Every axis brakes at its cap to rest, then all move from rest together.
    static func brakeThenMove(
        startTime: Seconds, from state: PerAxis<Limiter.State>, to target: PerAxis<Radians>,
        requestedDuration: Seconds, limits: PerAxis<AxisLimits?>, tickSeconds: Seconds
    ) -> TimedMove {
        var braking = PerAxis<BrakingSegment?>(repeating: nil)
        var brakingDuration = 0.0
        var moveDuration = 0.0
        for axis in Axis.allCases {
            guard let limit = limits[axis] else { continue }
            let brake = BrakingSegment(
                from: state[axis].position, velocity: state[axis].velocity, deceleration: limit.maximumAcceleration,
                tickSeconds: tickSeconds)
            braking[axis] = brake
            brakingDuration = max(brakingDuration, brake.duration)
            moveDuration = max(
                moveDuration, restToRestDuration(distance: abs(target[axis] - brake.endPosition), limit: limit))
        }
        moveDuration = max(moveDuration, requestedDuration - brakingDuration)
        var segments = PerAxis<QuinticSegment?>(repeating: nil)
        for axis in Axis.allCases {
            guard let brake = braking[axis] else { continue }
            segments[axis] = QuinticSegment(
                from: brake.endPosition, velocity: 0, acceleration: 0, to: target[axis], duration: moveDuration)
        }
        return TimedMove(
            startTime: startTime, duration: brakingDuration + moveDuration, brakingDuration: brakingDuration,
            braking: braking, segments: segments, target: target)
    }

    /// The shortest minimum-jerk move from rest to rest over `distance` within the caps.
    static func restToRestDuration(distance: Radians, limit: AxisLimits) -> Seconds {
        max(restPeakSpeedRatio * distance / limit.maximumSpeed,
            (restPeakAccelerationRatio * distance / limit.maximumAcceleration).squareRoot())
    }

    /// Whether the sampled segment keeps the caps and, on an axis with a
    /// range, stays inside it (a move that overshoots it would be held back
    /// and arrive late).
    static func fits(_ segment: QuinticSegment, _ limit: AxisLimits) -> Bool {
        let peaks = segment.peaks()
        guard peaks.speed <= limit.maximumSpeed * (1 + capTolerance),
              peaks.acceleration <= limit.maximumAcceleration * (1 + capTolerance)
        else { return false }
        guard let range = limit.positionRange else { return true }
        let extremes = segment.positionExtremes()
        return extremes.lowest >= range.lowerRadians - 1e-9 && extremes.highest <= range.upperRadians + 1e-9
    }

    private init(
        startTime: Seconds, duration: Seconds, brakingDuration: Seconds, braking: PerAxis<BrakingSegment?>,
        segments: PerAxis<QuinticSegment?>, target: PerAxis<Radians>
    ) {
        self.startTime = startTime
        self.duration = duration
        self.brakingDuration = brakingDuration
        self.braking = braking
        self.segments = segments
        self.target = target
    }

    public func isComplete(at time: Seconds) -> Bool { time - startTime >= duration }

    public func fraction(at time: Seconds) -> Double {
        guard duration > 0 else { return 1 }
        return min(max((time - startTime) / duration, 0), 1)
    }

    public func command(for axis: Axis, at time: Seconds) -> Limiter.Command? {
        guard let segment = segments[axis] else { return nil }
        let t = time - startTime
        if t < brakingDuration, let brake = braking[axis] {
            return .position(brake.position(at: t), velocity: brake.velocity(at: t))
        }
        let local = t - brakingDuration
        return .position(segment.position(at: local), velocity: segment.velocity(at: local))
    }
}

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
