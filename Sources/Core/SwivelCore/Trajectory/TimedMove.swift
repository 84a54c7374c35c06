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
