/// An animation placed on the stand: its keyframes resolved against the start
/// pose and the limits, and stretched in time to fit the caps.
///
/// Between keyframes each axis follows a cubic Hermite spline with Catmull-Rom
/// tangents (zero at the first and last keyframe), so the motion is continuous
/// in velocity. Values are computed from the keyframe table on demand: nothing
/// is allocated when an animation starts or runs.
public struct AnimationRun: Equatable, Sendable {
    public let name: AnimationName
    public let startTime: Seconds
    /// ≥ 1: how much slower than authored the animation runs so that no axis
    /// needs more than its speed or acceleration cap.
    public let timeScale: Double
    /// ≤ 1 per axis: how much of the authored gesture fits inside the limits.
    public let gestureScale: PerAxis<Double>
    private let keyframes: [AnimationKeyframe]
    private let start: PerAxis<Radians>
    private let centre: PerAxis<Radians>
    private let present: AxisSet

    public var duration: Seconds { (keyframes.last?.time ?? 0) * timeScale }

    public static func plan(
        _ name: AnimationName, startTime: Seconds, from positions: PerAxis<Radians>, limits: PerAxis<AxisLimits?>
    ) -> AnimationRun {
        let keyframes = name.keyframes
        var present = AxisSet()
        var centre = positions
        var gestureScale = PerAxis<Double>(repeating: 1)
        for axis in Axis.allCases {
            guard let limit = limits[axis] else { continue }
            present.insert(AxisSet(axis))
            let from = positions[axis]
            guard let range = limit.positionRange else {
                // Straight ahead, on whichever turn the slip ring is on.
                centre[axis] = AngleMath.nearestEquivalent(of: 0, to: from)
                continue
            }
            centre[axis] = range.centreRadians
            // Shrink the gesture (not the pull toward the centre, which always fits)
            // until every keyframe lies inside the range.
            var scale = 1.0
            for keyframe in keyframes {
                let pose = keyframe[axis]
                guard pose.offset != 0 else { continue }
                let base = from + pose.towardCentre * (range.centreRadians - from)
                let room = pose.offset > 0 ? range.upperRadians - base : base - range.lowerRadians
                scale = min(scale, max(room, 0) / abs(pose.offset))
            }
            gestureScale[axis] = scale
        }
        let draft = AnimationRun(
            name: name, startTime: startTime, timeScale: 1, gestureScale: gestureScale,
            keyframes: keyframes, start: positions, centre: centre, present: present)
        var timeScale = 1.0
        for axis in Axis.allCases {
            guard let limit = limits[axis] else { continue }
            let peaks = draft.peaks(of: axis)
            timeScale = max(
                timeScale,
                peaks.speed / limit.maximumSpeed,
                (peaks.acceleration / limit.maximumAcceleration).squareRoot()
            )
        }
        return AnimationRun(
            name: name, startTime: startTime, timeScale: timeScale, gestureScale: gestureScale,
            keyframes: keyframes, start: positions, centre: centre, present: present)
    }

    private init(
        name: AnimationName, startTime: Seconds, timeScale: Double, gestureScale: PerAxis<Double>,
        keyframes: [AnimationKeyframe], start: PerAxis<Radians>, centre: PerAxis<Radians>, present: AxisSet
    ) {
        self.name = name
        self.startTime = startTime
        self.timeScale = timeScale
        self.gestureScale = gestureScale
        self.keyframes = keyframes
        self.start = start
        self.centre = centre
        self.present = present
    }

    /// Where `axis` ends up when the animation is over.
    public func finalPosition(of axis: Axis) -> Radians { value(of: axis, at: keyframes.count - 1) }

    public func isComplete(at time: Seconds) -> Bool { time - startTime >= duration }

    public func fraction(at time: Seconds) -> Double {
        guard duration > 0 else { return 1 }
        return min(max((time - startTime) / duration, 0), 1)
    }

    public func command(for axis: Axis, at time: Seconds) -> Limiter.Command? {
        guard present.contains(axis) else { return nil }
        let local = (time - startTime) / timeScale
        let sample = self.sample(axis, at: local)
        return .position(sample.position, velocity: sample.velocity / timeScale)
    }

    // MARK: - The spline, in authored (unstretched) time

    private func value(of axis: Axis, at index: Int) -> Radians {
        let pose = keyframes[index][axis]
        let from = start[axis]
        return from + pose.towardCentre * (centre[axis] - from) + gestureScale[axis] * pose.offset
    }

    private func tangent(of axis: Axis, at index: Int) -> RadiansPerSecond {
        guard index > 0, index < keyframes.count - 1 else { return 0 }
        let span = keyframes[index + 1].time - keyframes[index - 1].time
        return (value(of: axis, at: index + 1) - value(of: axis, at: index - 1)) / span
    }

    private func sample(_ axis: Axis, at t: Seconds)
        -> (position: Radians, velocity: RadiansPerSecond, acceleration: RadiansPerSecondSquared)
    {
        guard let first = keyframes.first, let last = keyframes.last else { return (start[axis], 0, 0) }
        if t <= first.time { return (value(of: axis, at: 0), 0, 0) }
        if t >= last.time { return (value(of: axis, at: keyframes.count - 1), 0, 0) }
        var i = 0
        while keyframes[i + 1].time < t { i += 1 }
        let h = keyframes[i + 1].time - keyframes[i].time
        let s = (t - keyframes[i].time) / h
        let p0 = value(of: axis, at: i), p1 = value(of: axis, at: i + 1)
        let m0 = tangent(of: axis, at: i) * h, m1 = tangent(of: axis, at: i + 1) * h
        let s2 = s * s, s3 = s2 * s
        let position = (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * m1
        let velocity = ((6 * s2 - 6 * s) * p0 + (3 * s2 - 4 * s + 1) * m0 + (-6 * s2 + 6 * s) * p1 + (3 * s2 - 2 * s) * m1) / h
        let acceleration = ((12 * s - 6) * p0 + (6 * s - 4) * m0 + (-12 * s + 6) * p1 + (6 * s - 2) * m1) / (h * h)
        return (position, velocity, acceleration)
    }

    /// Peak |velocity| and |acceleration| in authored time. Acceleration is linear
    /// within a cubic segment, so its peak is at a keyframe; velocity is sampled.
    private func peaks(of axis: Axis) -> (speed: RadiansPerSecond, acceleration: RadiansPerSecondSquared) {
        var speed = 0.0, accel = 0.0
        for i in 0..<max(keyframes.count - 1, 0) {
            let t0 = keyframes[i].time, t1 = keyframes[i + 1].time
            let samples = 32
            for k in 0...samples {
                // Stay a hair inside the segment so `sample` picks this segment's cubic.
                let s = min(max(Double(k) / Double(samples), 1e-9), 1 - 1e-9)
                let value = sample(axis, at: t0 + s * (t1 - t0))
                speed = max(speed, abs(value.velocity))
                accel = max(accel, abs(value.acceleration))
            }
        }
        return (speed, accel)
    }
}
