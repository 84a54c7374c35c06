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
}
