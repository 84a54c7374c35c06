@testable import SwivelCore
import SwivelTestSupport
import Testing

/// Tracking as a source among the others: who replaces whom, progress, rate limits.
@Suite struct TrackingControllerCommandTests {
    static func following(at yaw: Double = 0.3) throws -> ControllerHarness {
        var h = TrackingControllerTests.started()
        try h.track(seconds: 1, path: { _ in (yaw, nil) })
        return h
    }

    @Test func aTargetStartsFollowing() throws {
        var h = TrackingControllerTests.started()
        #expect(h.controller.tracker.phase == .idle)
        try h.see(yaw: 0.2)
        #expect(h.controller.activeMotion == .tracking)
        #expect(h.controller.tracker.phase == .following)
        #expect(!h.controller.isAtRest)
    }

    @Test func followingCancelsARunningMoveLikeAVelocityCommand() throws {
        var h = TrackingControllerTests.started()
        let move = try h.start(.setOrientation(.angles(Vector3(yaw: 1)), durationSeconds: 2, relative: false))
        h.run(seconds: 0.5)
        try h.see(yaw: 0.1)
        let progress = try #require(h.controller.progress(of: move.requestID))
        #expect(progress.state == .cancelled)
        #expect(progress.fractionCompleted > 0.2 && progress.fractionCompleted < 0.3)
        #expect(h.controller.activeMotion == .tracking)
        // The move's velocity is not dropped at once: the limiter ramps it.
        h.tick()
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
    }

    @Test func targetsSpendNoRateBudget() throws {
        var h = TrackingControllerTests.started()
        for _ in 0..<60 { // 60 in half a second
            try h.see(yaw: 0.2)
            h.run(seconds: 0.008)
        }
        // Both calls of the orientation budget are still there.
        _ = try h.start(.setOrientation(.angles(Vector3(yaw: 0)), durationSeconds: 1, relative: false))
        _ = try h.start(.animate(.yes))
    }

    @Test(arguments: [
        MotionCommand.setAngularVelocity(Vector3(yaw: -0.5)),
        .stop,
        .setOrientation(.angles(Vector3(yaw: -0.5)), durationSeconds: 0.5, relative: false),
        .animate(.no),
    ])
    func aManualCommandReplacesFollowingAndTheNextTargetResumes(manual: MotionCommand) throws {
        var h = try Self.following(at: 0.3)
        _ = try h.send(manual)
        #expect(h.controller.activeMotion != .tracking)
        #expect(h.controller.tracker.phase == .idle)
        #expect(h.controller.tracker.error == PerAxis(repeating: 0))
        h.run(seconds: 0.3)
        #expect(h.controller.tracker.phase == .idle) // targets have stopped; nothing follows meanwhile
        // The next target resumes, and the subject (world frame) is framed again.
        try h.track(seconds: 2, path: { _ in (0.3, nil) })
        #expect(h.controller.activeMotion == .tracking)
        #expect(abs(h.positions.yaw - 0.3) < 0.02)
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
    }

    @Test func aRateLimitedMoveDoesNotInterruptFollowing() throws {
        var h = try Self.following()
        _ = try h.send(.animate(.yes))
        try h.see(yaw: 0.3)
        _ = try h.send(.animate(.no))
        try h.see(yaw: 0.3)
        #expect(throws: SwivelError(.frameRateTooHigh, .orientationCallRateExceeded)) {
            try h.send(.setOrientation(.angles(Vector3(yaw: 1)), durationSeconds: 1, relative: false))
        }
        #expect(h.controller.activeMotion == .tracking)
    }

    @Test func stopTrackingStopsFollowingAndForgetsTheSubject() throws {
        var h = try Self.following()
        #expect(h.controller.tracker.estimator(for: .yaw)?.isStarted == true)
        _ = try h.send(.stopTracking)
        #expect(h.controller.activeMotion == .velocity(.zero))
        #expect(h.controller.tracker.phase == .idle)
        #expect(h.controller.tracker.estimator(for: .yaw)?.isStarted == false)
    }

    @Test func stopTrackingLeavesAManualMotionAlone() throws {
        var h = try Self.following()
        _ = try h.send(.setAngularVelocity(Vector3(yaw: 0.4)))
        _ = try h.send(.stopTracking)
        #expect(h.controller.activeMotion == .velocity(Vector3(yaw: 0.4)))
        #expect(h.controller.tracker.estimator(for: .yaw)?.isStarted == false)
        // trackLost, likewise, only concerns following.
        _ = try h.send(.trackLost)
        #expect(h.controller.activeMotion == .velocity(Vector3(yaw: 0.4)))
        #expect(h.controller.tracker.phase == .idle)
    }

    @Test func aNewSessionForgetsTheSubject() throws {
        var h = try Self.following()
        _ = try h.send(.resetSession)
        #expect(h.controller.activeMotion == .velocity(.zero))
        #expect(h.controller.tracker.phase == .idle)
        #expect(h.controller.tracker.estimator(for: .yaw)?.isStarted == false)
    }

    @Test func aNonFiniteTargetIsRejectedAndChangesNothing() throws {
        var h = try Self.following()
        let before = h.controller.tracker.estimator(for: .yaw)
        for bad in [
            TrackingTarget(capturedAt: .nan, yawCorrection: 0),
            TrackingTarget(capturedAt: h.now, yawCorrection: .infinity),
            TrackingTarget(capturedAt: h.now, yawCorrection: 0, pitchCorrection: .nan),
        ] {
            #expect(throws: SwivelError(.invalidParameter, .nonFiniteValue)) { try h.send(.trackTarget(bad)) }
        }
        #expect(h.controller.tracker.estimator(for: .yaw) == before)
        // And a manual motion is not replaced by one.
        _ = try h.send(.setAngularVelocity(Vector3(yaw: 0.1)))
        let bad = TrackingTarget(capturedAt: .nan, yawCorrection: 0)
        #expect(throws: SwivelError.self) { try h.send(.trackTarget(bad)) }
        #expect(h.controller.activeMotion == .velocity(Vector3(yaw: 0.1)))
    }

    /// Older than the motion history: there is no pose to place it with.
    @Test func aTargetOlderThanTheHistoryIsDropped() throws {
        var h = ControllerHarness()
        h.run(seconds: 2)
        _ = try h.send(.setAngularVelocity(Vector3(yaw: 0.1)))
        let stale = TrackingTarget(capturedAt: h.now - 1.5, yawCorrection: 0.2)
        #expect(try h.send(.trackTarget(stale)) == .accepted)
        #expect(h.controller.activeMotion == .velocity(Vector3(yaw: 0.1)))
        #expect(h.controller.tracker.phase == .idle)
    }

    /// The correction is relative to the pose at capture: a stand that moved
    /// since still turns to the subject's world angle, not past it.
    @Test func theCorrectionIsAppliedToThePoseAtCaptureTime() throws {
        var h = ControllerHarness()
        _ = try h.send(.setAngularVelocity(Vector3(yaw: 1)))
        h.run(seconds: 1)
        // Captured 0.2 s ago, when the stand was ~0.2 rad behind where it is now.
        let captured = h.now - 0.2
        let poseThen = try #require(h.controller.history.positions(at: captured))
        #expect(h.positions.yaw - poseThen.yaw > 0.19)
        _ = try h.send(.trackTarget(TrackingTarget(capturedAt: captured, yawCorrection: 0.1)))
        let world = try #require(h.controller.tracker.estimator(for: .yaw)).angle
        #expect(abs(world - (poseThen.yaw + 0.1)) < 1e-12)
        // A capture time ahead of the clock is taken as now.
        _ = try h.send(.trackTarget(TrackingTarget(capturedAt: h.now + 5, yawCorrection: 0.1)))
        #expect(try #require(h.controller.tracker.estimator(for: .yaw)).time == h.now)
    }
}
