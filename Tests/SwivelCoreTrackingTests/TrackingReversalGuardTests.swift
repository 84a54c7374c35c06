@testable import SwivelCore
import Testing

/// The reversal guard (`TrackingController.guardReversal`, issue 24 §3): a
/// moving subject's axis turns back only on evidence beyond the noise.
@Suite struct TrackingReversalGuardTests {
    /// An axis that was turning the positive way, on a moving subject
    /// (a fresh estimator is not still; its velocity spread is 0, so the
    /// evidence needed is the 0.01 rad/s floor).
    static func turningPositive() -> TrackingAxis {
        var axis = TrackingAxis(TrackingController.Parameters())
        axis.direction = 1
        return axis
    }

    /// Past the subject by more than the 0.03 rad threshold, but the subject
    /// still comes the axis's way: it reaches the axis by itself, so the axis
    /// holds instead of turning back (and turning again when the subject
    /// passes). Before, being 0.03 rad past was evidence enough.
    @Test func pastASubjectThatStillComesTheAxisHolds() {
        var axis = Self.turningPositive()
        let v = TrackingController.guardReversal(
            -0.3, error: -0.05, subjectVelocity: 0.2, at: 10, track: &axis, TrackingController.Parameters())
        #expect(v == 0)
        #expect(axis.direction == 1)
        #expect(axis.reversalHeldSince == 10)
    }

    /// Past a subject that has stopped is an overshoot to undo: the axis turns back.
    @Test func pastASubjectThatStoppedTurnsBack() {
        var axis = Self.turningPositive()
        let v = TrackingController.guardReversal(
            -0.3, error: -0.05, subjectVelocity: 0.005, at: 10, track: &axis, TrackingController.Parameters())
        #expect(v == -0.3)
        #expect(axis.direction == -1)
        #expect(axis.reversalHeldSince == nil)
    }

    /// A slow subject that still comes the axis's way, 20 mrad behind it at
    /// 0.04 rad/s, would take 0.5 s to arrive: longer than a hold may last
    /// while a subject moves. The axis goes on its way at 0.3 of the
    /// subject's speed instead, so the subject catches up without the stand
    /// stopping or turning (drift-jitter: the axis that overshot the turn
    /// into a −0.03 rad/s creep turned toward the subject and back again).
    @Test func aSlowSubjectStillComingIsWaitedForOnTheMove() {
        var axis = Self.turningPositive()
        let v = TrackingController.guardReversal(
            -0.16, error: -0.02, subjectVelocity: 0.04, at: 10, track: &axis, TrackingController.Parameters())
        #expect(abs(v - 0.012) < 1e-12)
        #expect(axis.direction == 1)
        #expect(axis.reversalHeldSince == 10)
    }

    /// One that arrives within the hold limit (5 mrad at 0.04 rad/s) is
    /// waited for standing.
    @Test func aSubjectArrivingWithinTheLimitIsWaitedForStanding() {
        var axis = Self.turningPositive()
        let v = TrackingController.guardReversal(
            -0.06, error: -0.005, subjectVelocity: 0.04, at: 10, track: &axis, TrackingController.Parameters())
        #expect(v == 0)
    }

    /// Past the hold limit the reversal goes through only once the error
    /// has grown past its size when the hold began by one detection's noise
    /// (5 mrad): a subject closing on the axis, however slowly, is waited for.
    @Test func theHoldLimitWaitsWhileTheErrorDoesNotGrow() {
        var axis = Self.turningPositive()
        let p = TrackingController.Parameters()
        #expect(TrackingController.guardReversal(-0.12, error: -0.012, subjectVelocity: 0, at: 10, track: &axis, p) == 0)
        // 0.3 s later, past the 0.25 s limit, but 2 mrad closer: still held.
        #expect(TrackingController.guardReversal(-0.10, error: -0.010, subjectVelocity: 0, at: 10.3, track: &axis, p) == 0)
        // Grown by 3 mrad: within the noise, still held.
        #expect(TrackingController.guardReversal(-0.15, error: -0.015, subjectVelocity: 0, at: 10.35, track: &axis, p) == 0)
        // Grown by 6 mrad: the subject moves away the other way; turn.
        let v = TrackingController.guardReversal(-0.18, error: -0.018, subjectVelocity: 0, at: 10.4, track: &axis, p)
        #expect(v == -0.18)
        #expect(axis.direction == -1)
    }
}
