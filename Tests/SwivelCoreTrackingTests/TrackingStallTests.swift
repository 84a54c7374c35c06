@testable import SwivelCore
import SwivelTestSupport
import Testing

/// Issue 24 §3: a stall of the link (no batch for a while, then a bunch)
/// does not carry a measured acceleration on past the link's own latency.
@Suite struct TrackingStallTests {
    /// A subject accelerating at 1 rad/s², seen every 33 ms, 70 ms late.
    /// Within the latency and its slack (70 + 50 ms) the prediction is the
    /// estimator's own; 220 ms after the last capture (a stall) it carries
    /// the acceleration only for those 120 ms, the velocity constant after:
    /// a·(0.22 − 0.12)²/2 = 5 mrad short of the estimator's constant
    /// acceleration. Before, the acceleration ran on over the whole stall
    /// (walk-jitter's first turn: the stand swung 31 mrad past the subject
    /// and came back, two reversals it did not make).
    @Test func aStallDoesNotCarryTheAccelerationOn() throws {
        var tracker = TrackingController()
        let latency = 0.07
        var captured = 0.0
        for frame in 0..<45 {
            captured = Double(frame) * 0.033
            tracker.follow(
                TrackingTarget(capturedAt: captured, yawCorrection: 0.5 * captured * captured),
                poseAtCapture: PerAxis(repeating: 0), axes: .all, at: captured + latency)
        }
        let estimator = try #require(tracker.estimator(for: .yaw))
        #expect(!estimator.isStill)
        #expect(estimator.acceleration > 0.8, "\(estimator.acceleration)")

        func predictedError(at end: Double) -> Double {
            _ = tracker.velocities(
                at: end - 0.001, until: end, measured: PerAxis(repeating: 0), current: PerAxis(repeating: 0),
                limits: ControllerHarness.threeAxis)
            return tracker.error.yaw
        }
        let onTime = captured + latency + 0.03
        let unbounded = estimator.predicted(at: onTime, horizonCap: 0.25).angle
        #expect(abs(predictedError(at: onTime) - unbounded) < 1e-9)

        let stalled = captured + 0.22
        let carried = estimator.predicted(at: stalled, horizonCap: 0.25).angle
        let shortfall = carried - predictedError(at: stalled)
        #expect(shortfall > 0.003 && shortfall < 0.007, "\(shortfall)")
    }
}
