/// Turns tracking targets into a velocity per axis, once per control tick.
///
/// Each target says where the subject was, in the stand's own frame, when its
/// frame was captured: world angle = (pose at capture) + correction. So the
/// subject's world angle is known even while the stand moves, whatever the
/// camera's latency. A `SubjectFilter` per axis (yaw, pitch) smooths that angle
/// and estimates its velocity and acceleration; every tick the filter predicts
/// where the subject is now and the output is
///
///     velocity = predicted subject velocity                       (feed-forward)
///              + sign(e)·min(K·|e|, √(2·b·a_max·|e|))              (feedback)
///     e        = predicted subject angle − measured axis position
///
/// clamped to the axis's speed cap; the motion controller then passes it
/// through the limiter like every other source. A deadband with hysteresis
/// holds an axis still while a still subject is framed closely enough, so a
/// jittery detector cannot make the stand hunt. No target for
/// `lostTimeoutSeconds`, or `lose`, commands zero velocity (the limiter
/// decelerates at the caps) until the next target.
///
/// Plain stored values: no allocation, safe in the real-time tick.
public struct TrackingController: Sendable {
    public enum Phase: Equatable, Sendable, CustomStringConvertible {
        /// Not following (never started, or a manual command replaced it).
        case idle
        /// Correcting toward the subject.
        case following
        /// Every tracked axis is inside its deadband: holding still.
        case holding
        /// No subject: decelerating to rest, then holding, until a target comes.
        case lost

        public var description: String {
            switch self {
            case .idle: "idle"
            case .following: "following"
            case .holding: "holding"
            case .lost: "lost"
            }
        }
    }

    private struct Track: Sendable {
        var filter: SubjectFilter
        var inDeadband = false
        /// When (stand time) the last target for this axis arrived.
        var lastSeen: Seconds = -.infinity
    }

    public let parameters: Parameters
    public private(set) var phase: Phase = .idle
    /// Predicted subject angle − measured position, per tracked axis (yaw,
    /// pitch), as of the last tick; 0 on an axis not being tracked.
    public private(set) var error = PerAxis<Radians>(repeating: 0)
    private var yaw: Track
    private var pitch: Track
    private var lastTargetAt: Seconds = -.infinity

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        yaw = Track(filter: SubjectFilter(parameters: parameters.filter))
        pitch = Track(filter: SubjectFilter(parameters: parameters.filter))
    }

    /// The filter on `axis` (yaw or pitch); nil for roll, which is never tracked.
    public func filter(for axis: Axis) -> SubjectFilter? {
        switch axis {
        case .yaw: yaw.filter
        case .pitch: pitch.filter
        case .roll: nil
        }
    }

    /// Whether `axis` is holding inside its deadband.
    public func isInDeadband(_ axis: Axis) -> Bool {
        switch axis {
        case .yaw: yaw.inDeadband
        case .pitch: pitch.inDeadband
        case .roll: false
        }
    }

    // MARK: - Events

    /// A target arrived at `now`; starts or continues following.
    /// - Parameters:
    ///   - poseAtCapture: the measured axis positions when its frame was captured.
    ///   - axes: the axes the stand has; a correction for another one is ignored
    ///     (a tilt-only stand still gets horizontal offsets from its camera).
    public mutating func follow(
        _ target: TrackingTarget, poseAtCapture: PerAxis<Radians>, axes: AxisSet, at now: Seconds
    ) {
        // A capture time ahead of the stand's clock (the link's mapping is off
        // by a hair) would make every later target look out of order.
        let captured = min(target.capturedAt, now)
        if axes.contains(.yaw) {
            let worldAngle = poseAtCapture.yaw + target.yawCorrection
            yaw = Self.observe(yaw, worldAngle: worldAngle, capturedAt: captured, now: now, parameters)
        }
        if target.hasPitch, axes.contains(.pitch) {
            let worldAngle = poseAtCapture.pitch + target.pitchCorrection
            pitch = Self.observe(pitch, worldAngle: worldAngle, capturedAt: captured, now: now, parameters)
        }
        lastTargetAt = now
        if phase == .idle || phase == .lost { phase = .following }
    }

    /// The batch had no subject: decelerate and hold until the next target.
    public mutating func lose() {
        guard phase != .idle else { return }
        enterLost()
    }

    /// Stops following but remembers the subject, so a target soon after (a
    /// manual command interrupted following) resumes from what was known.
    public mutating func suspend() {
        phase = .idle
        error = PerAxis(repeating: 0)
        yaw.inDeadband = false
        pitch.inDeadband = false
    }

    /// Stops following and forgets the subject (tracking turned off, new session).
    public mutating func reset() {
        suspend()
        yaw = Track(filter: SubjectFilter(parameters: parameters.filter))
        pitch = Track(filter: SubjectFilter(parameters: parameters.filter))
        lastTargetAt = -.infinity
    }

    // MARK: - The tick

    /// The velocity each axis should run at for the tick from `now` to `end`.
    /// - Parameters:
    ///   - measured: the axes' measured positions at `now`.
    ///   - current: the axes' commanded velocities at `now`.
    ///   - limits: the limits in force; nil for an axis the stand lacks.
    public mutating func velocities(
        at now: Seconds, until end: Seconds, measured: PerAxis<Radians>, current: PerAxis<RadiansPerSecond>,
        limits: PerAxis<AxisLimits?>
    ) -> PerAxis<RadiansPerSecond> {
        var output = PerAxis<RadiansPerSecond>(repeating: 0)
        if phase == .following || phase == .holding, now - lastTargetAt > parameters.lostTimeoutSeconds {
            enterLost()
        }
        guard phase == .following || phase == .holding else { return output }

        let yawStep = Self.step(
            yaw, axis: .yaw, at: now, until: end, measured: measured, current: current, limits: limits, parameters)
        let pitchStep = Self.step(
            pitch, axis: .pitch, at: now, until: end, measured: measured, current: current, limits: limits, parameters)
        yaw = yawStep.track
        pitch = pitchStep.track
        output.yaw = yawStep.velocity
        output.pitch = pitchStep.velocity
        error.yaw = yawStep.error
        error.pitch = pitchStep.error
        let following = (yawStep.isTracked && !yaw.inDeadband) || (pitchStep.isTracked && !pitch.inDeadband)
        phase = following ? .following : .holding
        return output
    }

    /// One axis's share of the tick.
    private static func step(
        _ track: Track, axis: Axis, at now: Seconds, until end: Seconds, measured: PerAxis<Radians>,
        current: PerAxis<RadiansPerSecond>, limits: PerAxis<AxisLimits?>, _ parameters: Parameters
    ) -> (track: Track, velocity: RadiansPerSecond, error: Radians, isTracked: Bool) {
        var track = track
        guard let limit = limits[axis], track.filter.isStarted, now - track.lastSeen <= parameters.lostTimeoutSeconds
        else {
            // Not (or no longer) in the targets: this axis holds still.
            track.inDeadband = false
            return (track, 0, 0, false)
        }
        let position = measured[axis]
        let (target, feedForward) = track.filter.predicted(at: end, horizonCap: parameters.predictionCapSeconds)
        let e = target - position
        // The deadband looks at the filtered angle itself, not its extrapolation:
        // extrapolating noise by a camera latency multiplies it, and a still
        // subject needs no extrapolation.
        let settled = abs(track.filter.angle - position)
        let speed = abs(track.filter.velocity)
        if track.inDeadband {
            if settled > parameters.deadbandExitRadians || speed > parameters.movingSpeedRadiansPerSecond {
                track.inDeadband = false
            }
        } else if settled < parameters.deadbandEnterRadians, speed < parameters.stillSpeedRadiansPerSecond {
            // Holding commands zero velocity; only once the axis can stop within
            // the band, or braking at the cap would carry it past the subject.
            let v = current[axis]
            if v * v / (2 * limit.maximumAcceleration) < parameters.deadbandEnterRadians { track.inDeadband = true }
        }
        guard !track.inDeadband else { return (track, 0, e, true) }

        let magnitude = abs(e)
        let braking = (2 * parameters.brakingFraction * limit.maximumAcceleration * magnitude).squareRoot()
        let feedback = min(parameters.feedbackGainPerSecond * magnitude, braking)
        let velocity = feedForward + (e < 0 ? -feedback : feedback)
        return (track, min(max(velocity, -limit.maximumSpeed), limit.maximumSpeed), e, true)
    }

    private static func observe(
        _ track: Track, worldAngle: Radians, capturedAt: Seconds, now: Seconds, _ parameters: Parameters
    ) -> Track {
        var track = track
        // What a filter knew before a long gap says nothing about where the
        // subject went since: start again.
        if track.filter.isStarted, capturedAt - track.filter.time > parameters.lostTimeoutSeconds {
            track.filter.reset()
        }
        track.filter.update(at: capturedAt, angle: worldAngle)
        track.lastSeen = now
        return track
    }

    private mutating func enterLost() {
        phase = .lost
        error = PerAxis(repeating: 0)
        yaw.inDeadband = false
        pitch.inDeadband = false
    }
}
