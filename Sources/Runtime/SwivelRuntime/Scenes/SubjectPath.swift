public import SwivelCore

/// A subject's world direction over time: piecewise-linear between keyframes,
/// held after the last. Two keyframes at the same instant are a jump (the
/// later one holds from that instant on): the step scene's subject.
///
/// People do not change speed instantly. With `smoothingSeconds` τ > 0 the
/// continuous part of the path is averaged over a window τ wide, centred on
/// each instant: every corner becomes a parabolic blend from τ/2 before the
/// keyframe to τ/2 after it, so a change of rate Δv takes τ at Δv/τ of
/// acceleration. Jumps stay jumps. τ = 0 is the keyframe path itself.
public struct SubjectPath: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public var timeSeconds: Seconds
        public var yaw: Radians
        public var pitch: Radians

        public init(timeSeconds: Seconds, yaw: Radians, pitch: Radians) {
            self.timeSeconds = timeSeconds
            self.yaw = yaw
            self.pitch = pitch
        }
    }

    /// A jump between two keyframes at the same instant.
    public struct Step: Equatable, Sendable {
        public var timeSeconds: Seconds
        public var yaw: Radians
        public var pitch: Radians
    }

    public let points: [Point]
    public let smoothingSeconds: Seconds
    /// The keyframes without their jumps, and the path's integral at each:
    /// what the smoothing averages.
    private let continuous: [Point]
    private let integral: [Point]

    /// nil when empty, when a value is not finite, when time goes backwards,
    /// or when the smoothing is negative or not finite.
    public init?(points: [Point], smoothingSeconds: Seconds = 0) {
        guard !points.isEmpty, smoothingSeconds.isFinite, smoothingSeconds >= 0 else { return nil }
        for (i, p) in points.enumerated() {
            guard p.timeSeconds.isFinite, p.yaw.isFinite, p.pitch.isFinite else { return nil }
            if i > 0, p.timeSeconds < points[i - 1].timeSeconds { return nil }
        }
        self.points = points
        self.smoothingSeconds = smoothingSeconds
        var continuous: [Point] = []
        var jumpYaw = 0.0, jumpPitch = 0.0
        for (i, p) in points.enumerated() {
            if i > 0, p.timeSeconds == points[i - 1].timeSeconds {
                jumpYaw += p.yaw - points[i - 1].yaw
                jumpPitch += p.pitch - points[i - 1].pitch
            }
            continuous.append(Point(timeSeconds: p.timeSeconds, yaw: p.yaw - jumpYaw, pitch: p.pitch - jumpPitch))
        }
        var integral = [Point(timeSeconds: points[0].timeSeconds, yaw: 0, pitch: 0)]
        for i in continuous.indices.dropFirst() {
            let a = continuous[i - 1], b = continuous[i], span = b.timeSeconds - a.timeSeconds
            let last = integral[i - 1]
            integral.append(Point(
                timeSeconds: b.timeSeconds, yaw: last.yaw + span * (a.yaw + b.yaw) / 2,
                pitch: last.pitch + span * (a.pitch + b.pitch) / 2))
        }
        self.continuous = continuous
        self.integral = integral
    }

    /// A subject that never moves.
    public init(still yaw: Radians, pitch: Radians) {
        let point = Point(timeSeconds: 0, yaw: yaw, pitch: pitch)
        points = [point]
        smoothingSeconds = 0
        continuous = [point]
        integral = [Point(timeSeconds: 0, yaw: 0, pitch: 0)]
    }

    /// The index of the last point at or before `time`, or nil before the first.
    private func lastIndex(atOrBefore time: Seconds) -> Int? {
        guard let first = points.first, time >= first.timeSeconds else { return nil }
        var low = 0, high = points.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if points[mid].timeSeconds <= time { low = mid } else { high = mid - 1 }
        }
        return low
    }

    public func position(at time: Seconds) -> (yaw: Radians, pitch: Radians) {
        guard smoothingSeconds > 0 else { return keyframePosition(at: time) }
        let half = smoothingSeconds / 2
        let upper = integralOfContinuous(at: time + half), lower = integralOfContinuous(at: time - half)
        let jumps = jumpsUpTo(time)
        return ((upper.yaw - lower.yaw) / smoothingSeconds + jumps.yaw,
                (upper.pitch - lower.pitch) / smoothingSeconds + jumps.pitch)
    }

    /// The rate at `time`, ignoring jumps (which have no finite rate).
    public func velocity(at time: Seconds) -> (yaw: RadiansPerSecond, pitch: RadiansPerSecond) {
        guard smoothingSeconds > 0 else { return keyframeVelocity(at: time) }
        let half = smoothingSeconds / 2
        let ahead = interpolate(continuous, at: time + half), behind = interpolate(continuous, at: time - half)
        return ((ahead.yaw - behind.yaw) / smoothingSeconds, (ahead.pitch - behind.pitch) / smoothingSeconds)
    }

    private func keyframePosition(at time: Seconds) -> (yaw: Radians, pitch: Radians) {
        interpolate(points, at: time)
    }

    /// Piecewise-linear through `list` (same times as `points`), held outside.
    private func interpolate(_ list: [Point], at time: Seconds) -> (yaw: Radians, pitch: Radians) {
        guard let i = lastIndex(atOrBefore: time) else { return (list[0].yaw, list[0].pitch) }
        let a = list[i]
        guard i + 1 < list.count else { return (a.yaw, a.pitch) }
        let b = list[i + 1]
        let span = b.timeSeconds - a.timeSeconds
        let f = span > 0 ? (time - a.timeSeconds) / span : 1
        return (a.yaw + (b.yaw - a.yaw) * f, a.pitch + (b.pitch - a.pitch) * f)
    }

    /// ∫ of the jump-free path from the first keyframe to `time` (negative before it).
    private func integralOfContinuous(at time: Seconds) -> (yaw: Double, pitch: Double) {
        guard let i = lastIndex(atOrBefore: time) else {
            let d = time - continuous[0].timeSeconds
            return (continuous[0].yaw * d, continuous[0].pitch * d)
        }
        let a = continuous[i], base = integral[i], d = time - a.timeSeconds
        guard i + 1 < continuous.count else { return (base.yaw + a.yaw * d, base.pitch + a.pitch * d) }
        let b = continuous[i + 1], span = b.timeSeconds - a.timeSeconds
        let slopeYaw = span > 0 ? (b.yaw - a.yaw) / span : 0, slopePitch = span > 0 ? (b.pitch - a.pitch) / span : 0
        return (base.yaw + a.yaw * d + slopeYaw * d * d / 2, base.pitch + a.pitch * d + slopePitch * d * d / 2)
    }

    private func jumpsUpTo(_ time: Seconds) -> (yaw: Radians, pitch: Radians) {
        guard let i = lastIndex(atOrBefore: time) else { return (0, 0) }
        return (points[i].yaw - continuous[i].yaw, points[i].pitch - continuous[i].pitch)
    }

    /// The rates of the segment `time` lies in; zero before the first point and after the last.
    private func keyframeVelocity(at time: Seconds) -> (yaw: RadiansPerSecond, pitch: RadiansPerSecond) {
        guard let i = lastIndex(atOrBefore: time), i + 1 < points.count else { return (0, 0) }
        let a = points[i], b = points[i + 1]
        let span = b.timeSeconds - a.timeSeconds
        guard span > 0 else { return (0, 0) }
        return ((b.yaw - a.yaw) / span, (b.pitch - a.pitch) / span)
    }

    /// Every jump, in time order.
    public var steps: [Step] {
        var found: [Step] = []
        for i in points.indices.dropFirst() where points[i].timeSeconds == points[i - 1].timeSeconds {
            let a = points[i - 1], b = points[i]
            if a.yaw != b.yaw || a.pitch != b.pitch {
                found.append(Step(timeSeconds: b.timeSeconds, yaw: b.yaw - a.yaw, pitch: b.pitch - a.pitch))
            }
        }
        return found
    }

    /// The instant the motion that holds at `time` ends: the next keyframe that
    /// changes the position, or nil if it holds to the end. When smoothed, a
    /// motion starts τ/2 before its keyframe, where the blend starts; a jump
    /// at its instant.
    public func nextChange(after time: Seconds) -> Seconds? {
        let here = keyframePosition(at: time)
        for (i, p) in points.enumerated() where p.timeSeconds > time {
            let there = keyframePosition(at: p.timeSeconds)
            guard there.yaw != here.yaw || there.pitch != here.pitch || keyframeVelocity(at: p.timeSeconds) != (0, 0) else {
                continue
            }
            let isJump = i + 1 < points.count && points[i + 1].timeSeconds == p.timeSeconds
                && (points[i + 1].yaw != p.yaw || points[i + 1].pitch != p.pitch)
            let isCorner = keyframeVelocity(at: p.timeSeconds) != (0, 0)
            return isJump && !isCorner ? p.timeSeconds : max(time, p.timeSeconds - smoothingSeconds / 2)
        }
        return nil
    }
}

/// A confidence (0…1) over time, piecewise-linear, held after the last keyframe.
public struct ConfidenceCurve: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public var timeSeconds: Seconds
        public var confidence: Double

        public init(timeSeconds: Seconds, confidence: Double) {
            self.timeSeconds = timeSeconds
            self.confidence = confidence
        }
    }

    private let trajectory: SubjectPath

    public var points: [Point] { trajectory.points.map { Point(timeSeconds: $0.timeSeconds, confidence: $0.yaw) } }

    /// nil when empty, not finite, outside 0…1, or when time goes backwards.
    public init?(points: [Point]) {
        guard points.allSatisfy({ $0.confidence >= 0 && $0.confidence <= 1 }),
            let trajectory = SubjectPath(points: points.map { SubjectPath.Point(timeSeconds: $0.timeSeconds, yaw: $0.confidence, pitch: 0) })
        else { return nil }
        self.trajectory = trajectory
    }

    public func confidence(at time: Seconds) -> Double { trajectory.position(at: time).yaw }
}
