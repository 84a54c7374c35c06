/// A `setOrientation` move: one quintic per axis, all sharing one duration so
/// the axes start and arrive together.
public struct TimedMove: Equatable, Sendable {
    public let startTime: Seconds
    public let duration: Seconds
    /// nil for an axis the stand does not have.
    public let segments: PerAxis<QuinticSegment?>
    public let target: PerAxis<Radians>

    /// Plans a move from the commanded `state` to `target`.
    ///
    /// The duration is `requestedDuration` when every axis's speed and
    /// acceleration caps allow it, otherwise the shortest the caps allow for this
    /// profile (0 asks for exactly that). A minimum-jerk move from rest peaks at
    /// 1.875·Δ/T in speed and 5.77·Δ/T² in acceleration, which gives the first
    /// estimate; a move that starts while the axis is still moving is then checked
    /// by sampling and stretched until it fits.
    public static func plan(
        startTime: Seconds,
        from state: PerAxis<Limiter.State>,
        to target: PerAxis<Radians>,
        requestedDuration: Seconds,
        limits: PerAxis<AxisLimits?>
    ) -> TimedMove {
        var duration = requestedDuration
        for axis in Axis.allCases {
            guard let limit = limits[axis] else { continue }
            let distance = abs(target[axis] - state[axis].position)
            duration = max(
                duration,
                1.875 * distance / limit.maximumSpeed,
                (5.773_502_691_896_258 * distance / limit.maximumAcceleration).squareRoot()
            )
        }
        var segments = PerAxis<QuinticSegment?>(repeating: nil)
        for _ in 0..<32 {
            var stretch = 1.0
            for axis in Axis.allCases {
                guard let limit = limits[axis] else { continue }
                let segment = QuinticSegment(
                    from: state[axis].position, velocity: state[axis].velocity,
                    acceleration: state[axis].acceleration, to: target[axis], duration: duration)
                segments[axis] = segment
                guard duration > 0 else { continue }
                let peaks = segment.peaks()
                stretch = max(
                    stretch,
                    peaks.speed / limit.maximumSpeed,
                    (peaks.acceleration / limit.maximumAcceleration).squareRoot()
                )
            }
            // An axis already moving faster than its (just lowered) cap can never
            // fit; the limiter decelerates it and the move still arrives.
            if stretch <= 1.000_001 || duration <= 0 { break }
            duration *= stretch * 1.01
        }
        return TimedMove(startTime: startTime, duration: duration, segments: segments, target: target)
    }

    public func isComplete(at time: Seconds) -> Bool { time - startTime >= duration }

    public func fraction(at time: Seconds) -> Double {
        guard duration > 0 else { return 1 }
        return min(max((time - startTime) / duration, 0), 1)
    }

    public func command(for axis: Axis, at time: Seconds) -> Limiter.Command? {
        guard let segment = segments[axis] else { return nil }
        let t = time - startTime
        return .position(segment.position(at: t), velocity: segment.velocity(at: t))
    }
}
