@testable import SwivelCore
import Testing

extension ControllerHarness {
    /// A camera `latency` late, without noise: the target for a subject at
    /// world `yaw` (and `pitch`) as captured `latency` ago, from the pose the
    /// controller's history had then.
    mutating func see(yaw: Double, pitch: Double? = nil, latency: Double = 0.05) throws {
        let captured = now - latency
        let pose = controller.history.positions(at: captured) ?? positions
        _ = try send(.trackTarget(TrackingTarget(
            capturedAt: captured, yawCorrection: yaw - pose.yaw, pitchCorrection: pitch.map { $0 - pose.pitch })))
    }

    /// Runs `seconds` with a camera frame every 33 ms of a subject on `path`;
    /// `each` sees every tick after it ran.
    mutating func track(
        seconds: Double, latency: Double = 0.05, path: (Double) -> (yaw: Double, pitch: Double?),
        each: (inout ControllerHarness) -> Void = { _ in }
    ) throws {
        var pending: [(due: Double, yaw: Double, pitch: Double?, captured: Double)] = []
        let end = now + seconds
        var nextFrame = now
        while now < end - dt / 2 {
            if now >= nextFrame - dt / 2 {
                let subject = path(now)
                let pose = positions
                pending.append((now + latency, subject.yaw - pose.yaw, subject.pitch.map { $0 - pose.pitch }, now))
                nextFrame += 0.033
            }
            while let first = pending.first, first.due <= now + dt / 2 {
                pending.removeFirst()
                _ = try send(.trackTarget(TrackingTarget(
                    capturedAt: first.captured, yawCorrection: first.yaw, pitchCorrection: first.pitch)))
            }
            tick()
            each(&self)
        }
    }
}

/// The tracking controller inside the motion core: deadband, lost timeout, resuming.
@Suite struct TrackingControllerTests {
    /// A harness that has ticked a while, so the history reaches back a latency.
    static func started() -> ControllerHarness {
        var h = ControllerHarness()
        h.run(seconds: 0.2)
        return h
    }

    @Test func framesAStillSubjectAndHolds() throws {
        var h = Self.started()
        try h.track(seconds: 2.5, path: { _ in (0.3, -0.2) })
        #expect(h.controller.activeMotion == .tracking)
        #expect(h.controller.tracker.phase == .holding)
        #expect(abs(h.positions.yaw - 0.3) < 0.02)
        #expect(abs(h.positions.pitch + 0.2) < 0.02)
        #expect(h.controller.state.yaw.velocity == 0)
        #expect(h.controller.state.pitch.velocity == 0)
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
    }

    /// Inside the band the output does not change (zero) even past the enter
    /// threshold; past the exit threshold the axis corrects, then holds again.
    @Test func theDeadbandHasHysteresis() throws {
        var h = Self.started()
        try h.track(seconds: 2, path: { _ in (0.3, nil) })
        #expect(h.controller.tracker.phase == .holding)
        let parameters = h.controller.tracker.parameters
        let held = h.positions.yaw
        // The subject drifts at 0.02 rad/s: too slow to count as moving.
        let start = h.now
        var heldBeyondEnter = false
        var resumedAt: Double?
        var holdingAgain = false
        try h.track(seconds: 4, path: { t in (0.3 + 0.02 * (t - start), nil) }) { h in
            let offset = abs(h.controller.tracker.filter(for: .yaw)!.angle - h.positions.yaw)
            if resumedAt == nil {
                if h.controller.tracker.phase == .holding {
                    // Holding: not one tick of motion, whatever the error inside the band.
                    #expect(h.controller.state.yaw.velocity == 0)
                    #expect(h.positions.yaw == held)
                    #expect(offset <= parameters.deadbandExitRadians + 1e-12)
                    if offset > 2 * parameters.deadbandEnterRadians { heldBeyondEnter = true }
                } else {
                    resumedAt = h.now
                    #expect(offset > parameters.deadbandExitRadians)
                }
            } else if h.controller.tracker.phase == .holding {
                holdingAgain = true
            }
        }
        #expect(heldBeyondEnter)
        let resumed = try #require(resumedAt)
        // It waited for the drift to carry the subject past the exit threshold
        // (the camera is 50 ms late, the frames 33 ms apart).
        let drift = (parameters.deadbandExitRadians - (0.3 - held)) / 0.02
        #expect(resumed - start > drift)
        #expect(resumed - start < drift + 0.1)
        #expect(holdingAgain)
    }

    /// Holding commands zero velocity, so an axis sweeping through the subject
    /// must not start holding until it can stop within the band.
    @Test func theDeadbandWaitsUntilTheAxisCanStopInsideIt() {
        var tracker = TrackingController()
        let limits = ControllerHarness.threeAxis
        for frame in 0..<30 {
            let t = Double(frame) * 0.033
            tracker.follow(
                TrackingTarget(capturedAt: t, yawCorrection: 0.3), poseAtCapture: PerAxis(repeating: 0),
                axes: .all, at: t)
        }
        let now = 29 * 0.033
        let onTheSubject = PerAxis(pitch: 0, yaw: 0.3, roll: 0)
        // 1 rad/s needs 1²/(2·12) ≈ 0.042 rad to stop: more than the band.
        _ = tracker.velocities(
            at: now, until: now + 0.001, measured: onTheSubject, current: PerAxis(pitch: 0, yaw: 1, roll: 0),
            limits: limits)
        #expect(!tracker.isInDeadband(.yaw))
        #expect(tracker.phase == .following)
        // 0.4 rad/s stops in 0.0067 rad.
        let output = tracker.velocities(
            at: now, until: now + 0.001, measured: onTheSubject, current: PerAxis(pitch: 0, yaw: 0.4, roll: 0),
            limits: limits)
        #expect(tracker.isInDeadband(.yaw))
        #expect(tracker.phase == .holding)
        #expect(output == PerAxis(repeating: 0))
    }

    @Test func noTargetsPastTheTimeoutDecelerateToRestAndHold() throws {
        var h = Self.started()
        let start = h.now
        try h.track(seconds: 1.5, path: { t in (1.0 * (t - start), nil) })
        #expect(h.controller.tracker.phase == .following)
        #expect(abs(h.controller.state.yaw.velocity - 1) < 0.1)
        // The camera goes quiet (the last target arrived on the last frame, a latency ago at most).
        let timeout = h.controller.tracker.parameters.lostTimeoutSeconds
        let lastTarget = h.now - 0.001
        var lostAt: Double?
        var previous = h.controller.state.yaw.velocity
        var worstStep = 0.0
        for _ in 0..<1500 {
            h.tick()
            let v = h.controller.state.yaw.velocity
            if lostAt == nil, h.controller.tracker.phase == .lost { lostAt = h.now }
            if lostAt != nil {
                #expect(abs(v) <= abs(previous) + 1e-12) // only ever slowing down
                worstStep = max(worstStep, abs(v - previous))
            }
            previous = v
        }
        let lost = try #require(lostAt)
        #expect(lost - lastTarget > timeout - 0.05)
        #expect(lost - lastTarget < timeout + 0.05)
        #expect(worstStep <= 12 * h.dt * (1 + 1e-9)) // at the acceleration cap, not slammed
        // At rest, holding, and it stays there.
        #expect(h.controller.state.yaw.velocity == 0)
        let parked = h.positions
        h.run(seconds: 1)
        #expect(h.positions == parked)
        #expect(h.controller.tracker.phase == .lost)
        #expect(h.controller.activeMotion == .tracking)
        #expect(h.controller.tracker.error == PerAxis(repeating: 0))
    }

    @Test func aLostReportHoldsAtOnceAndTheNextTargetResumes() throws {
        var h = Self.started()
        let start = h.now
        try h.track(seconds: 1, path: { t in (0.8 * (t - start), nil) })
        _ = try h.send(.trackLost)
        #expect(h.controller.tracker.phase == .lost)
        h.run(seconds: 0.5)
        #expect(h.controller.state.yaw.velocity == 0)
        // The subject comes back, somewhere else and still.
        try h.track(seconds: 2.5, path: { _ in (-0.4, nil) })
        #expect(h.controller.tracker.phase == .holding)
        #expect(abs(h.positions.yaw + 0.4) < 0.02)
    }

    @Test func onlyTheAxesInTheTargetsAreFollowed() throws {
        var h = Self.started()
        try h.track(seconds: 2, path: { _ in (0.2, 0.3) })
        #expect(abs(h.positions.pitch - 0.3) < 0.02)
        // Targets without pitch: pitch holds where it is, yaw goes on following.
        try h.track(seconds: 2, path: { _ in (-0.2, nil) })
        #expect(abs(h.positions.pitch - 0.3) < 0.02)
        #expect(abs(h.positions.yaw + 0.2) < 0.02)
        #expect(h.controller.tracker.error.pitch == 0)
        #expect(h.controller.state.roll.position == 0)
    }

    @Test func anAxisTheStandLacksIsIgnored() throws {
        let pitchOnly = PerAxis<AxisLimits?>(
            pitch: ControllerHarness.limits(-0.7, 0.7, speed: 2, accel: 10), yaw: nil, roll: nil)
        var h = ControllerHarness(pitchOnly)
        h.run(seconds: 0.2)
        try h.track(seconds: 2, path: { _ in (0.5, 0.25) })
        #expect(abs(h.positions.pitch - 0.25) < 0.02)
        #expect(h.positions.yaw == 0)
    }

    @Test func followingRespectsTheLimits() throws {
        var h = Self.started()
        // A subject far outside the yaw range, moving fast: the stand stops on the range end.
        let start = h.now
        try h.track(seconds: 4, path: { t in (min(5 * (t - start), 4), nil) })
        #expect(h.positions.yaw == 2.8)
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
        #expect(h.controller.tracker.phase == .following)
    }
}
