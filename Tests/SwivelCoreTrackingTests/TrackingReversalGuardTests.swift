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

    /// An axis turning the positive way whose estimate is unsure of the
    /// subject's speed, as near a stop or a turn: three frames seen, so the
    /// velocity's spread is wide. Returns the axis and that spread.
    static func turningPositiveUnsure() -> (TrackingAxis, Double) {
        var axis = turningPositive()
        for (i, angle) in [0.0, 0.004, 0.003].enumerated() {
            axis.estimator.update(at: Double(i) / 30, angle: angle)
        }
        return (axis, axis.estimator.velocityVariance.squareRoot())
    }

    /// 40 mrad past a subject that comes back at 1.5σ of an unsure velocity:
    /// not the full 2σ of evidence, but within 0.06 rad an overshoot that
    /// small is closed by the subject within a fraction of a second, so the
    /// axis does not turn back (walk-jitter's draws: the axis turned back
    /// 40 mrad past a walker slowing to a stop, and turned again 25 ms
    /// later when the next batch showed it still coming: 48 reversals on
    /// eight draws for the subjects' 16, 30 now).
    @Test func aSmallOvershootWaitsForASubjectComingOnWeakerEvidence() {
        var (axis, spread) = Self.turningPositiveUnsure()
        #expect(spread > 0.05, "the estimate must be unsure for this test: σ \(spread)")
        let v = TrackingController.guardReversal(
            -0.4, error: -0.04, subjectVelocity: 1.5 * spread, at: 10, track: &axis, TrackingController.Parameters())
        #expect(v >= 0, "turned back: \(v)")
        #expect(axis.direction == 1)
    }

    /// The same weak evidence with the axis 0.1 rad past (a runner's turn,
    /// where the estimate's velocity still points the old way while the
    /// subject has already turned): the overshoot is undone, as before.
    @Test func aLargeOvershootNeedsTheFullEvidenceToWait() {
        var (axis, spread) = Self.turningPositiveUnsure()
        let v = TrackingController.guardReversal(
            -0.4, error: -0.1, subjectVelocity: 1.5 * spread, at: 10, track: &axis, TrackingController.Parameters())
        #expect(v == -0.4)
        #expect(axis.direction == -1)
    }

    /// Under 1σ the subject is not known to come at all: a small overshoot
    /// is undone.
    @Test func aSmallOvershootOfASubjectNotKnownToComeIsUndone() {
        var (axis, spread) = Self.turningPositiveUnsure()
        let v = TrackingController.guardReversal(
            -0.4, error: -0.04, subjectVelocity: 0.5 * spread, at: 10, track: &axis, TrackingController.Parameters())
        #expect(v == -0.4)
    }
}
