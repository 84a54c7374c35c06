public import SwivelCore

/// A subject's world direction over time: piecewise-linear between keyframes,
/// held after the last. Two keyframes at the same instant are a jump (the
/// later one holds from that instant on): the step scene's subject.
public struct Trajectory: Equatable, Sendable {
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

    /// nil when empty, when a value is not finite, or when time goes backwards.
    public init?(points: [Point]) {
        guard !points.isEmpty else { return nil }
        for (i, p) in points.enumerated() {
            guard p.timeSeconds.isFinite, p.yaw.isFinite, p.pitch.isFinite else { return nil }
            if i > 0, p.timeSeconds < points[i - 1].timeSeconds { return nil }
        }
        self.points = points
    }

    /// A subject that never moves.
    public init(still yaw: Radians, pitch: Radians) {
        points = [Point(timeSeconds: 0, yaw: yaw, pitch: pitch)]
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
        guard let i = lastIndex(atOrBefore: time) else { return (points[0].yaw, points[0].pitch) }
        let a = points[i]
        guard i + 1 < points.count else { return (a.yaw, a.pitch) }
        let b = points[i + 1]
        let span = b.timeSeconds - a.timeSeconds
        let f = span > 0 ? (time - a.timeSeconds) / span : 1
        return (a.yaw + (b.yaw - a.yaw) * f, a.pitch + (b.pitch - a.pitch) * f)
    }

    /// The rates of the segment `time` lies in; zero before the first point and after the last.
    public func velocity(at time: Seconds) -> (yaw: RadiansPerSecond, pitch: RadiansPerSecond) {
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
    /// changes the position, or nil if it holds to the end.
    public func nextChange(after time: Seconds) -> Seconds? {
        let here = position(at: time)
        for p in points where p.timeSeconds > time {
            let there = position(at: p.timeSeconds)
            if there.yaw != here.yaw || there.pitch != here.pitch || velocity(at: p.timeSeconds) != (0, 0) {
                return p.timeSeconds
            }
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

    private let trajectory: Trajectory

    public var points: [Point] { trajectory.points.map { Point(timeSeconds: $0.timeSeconds, confidence: $0.yaw) } }

    /// nil when empty, not finite, outside 0…1, or when time goes backwards.
    public init?(points: [Point]) {
        guard points.allSatisfy({ $0.confidence >= 0 && $0.confidence <= 1 }),
            let trajectory = Trajectory(points: points.map { Trajectory.Point(timeSeconds: $0.timeSeconds, yaw: $0.confidence, pitch: 0) })
        else { return nil }
        self.trajectory = trajectory
    }

    public func confidence(at time: Seconds) -> Double { trajectory.position(at: time).yaw }
}
