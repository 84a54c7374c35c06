import SwivelCore
import Testing
@testable import SwivelRuntime

/// Issue 13 §2, slow and still subjects, on the bench's own scenes (`drift`,
/// `still-offset`, `walk`): the same runs `swivel-bench --only tracking`
/// measures, so the figure asserted is the figure reported. Measured figures
/// are in docs/TRACKING.md, "Measured".
@Suite struct SceneSlowSubjectTests {
    static let latencies = [0.033, 0.066, 0.1]
    /// The sim board's yaw acceleration cap, rad/s².
    static let yawAccelerationCap = 12.0

    private func measure(_ name: String, _ controller: SceneController = .swivel, latency: Double) throws -> TrackingMetrics {
        TrackingMetrics.measure(try SceneRunner(
            scene: SceneFixtures.load(name), board: BoardFixtures.load("sim.json5"), controller: controller,
            latencySeconds: latency
        ).run())
    }

    /// A drift of 0.03–0.2 rad/s is followed, not held and hopped after: once
    /// it is moving, never 0.3 s with the commanded yaw rate exactly 0 (the
    /// deadband this replaced held ~1 s at a time and jumped 0.04 rad). The
    /// one longer hold is at the onset from rest (0.58–0.65 s from 0.75 s, the
    /// start of the 0.5 s blend): a 0.05 rad/s start is under the detector's
    /// noise for that long. RMS measured 0.40% / 0.48% / 0.57% of the width
    /// (0.45% / 0.54% / 0.63% before the slow filter's consistency limit
    /// went from 1.8 to 1.2).
    @Test(arguments: latencies)
    func aDriftingSubjectIsFollowedWithoutHolds(_ latency: Double) throws {
        let recording = try SceneRunner(
            scene: SceneFixtures.load("drift"), board: BoardFixtures.load("sim.json5"), controller: .swivel,
            latencySeconds: latency
        ).run()
        let m = TrackingMetrics.measure(recording)
        let onset = try #require(m.longestHoldStartSeconds)
        #expect(onset < 1.5, "the longest hold is not the onset: \(onset) s")
        #expect(try #require(m.longestHoldSeconds) <= SlowSubjectFigures.driftOnsetHoldLimit)
        let moving = recording.ticks.filter { $0.seconds >= 2 }
        #expect((TrackingMetrics.longestHold(moving)?.seconds ?? .infinity) <= 0.3)
        #expect(m.rmsFramingError <= SlowSubjectFigures.driftRMSLimit(latency), "RMS \(m.rmsFramingError)")
        #expect(m.timeInFrame == 1)
        #expect(m.peakCommandedYawAcceleration <= Self.yawAccelerationCap * (1 + 1e-9))
    }

    /// A still subject off centre is centred to within 0.2% of the width, and
    /// held there without a reversal (also after a small shift).
    @Test(arguments: latencies)
    func aStillSubjectIsCentredWithoutReversals(_ latency: Double) throws {
        for name in ["still-offset", "still"] {
            let m = try measure(name, latency: latency)
            let offset = try #require(m.stillOffset)
            #expect(offset <= SlowSubjectFigures.stillOffsetLimit, "\(name): offset \(offset)")
            #expect(m.stillReversals == 0, "\(name)")
        }
    }

    /// Walking, camera 66 and 100 ms late, against the latency-compensated
    /// alpha-beta tracker at the (α, β) the bench's sweep found best for that
    /// latency. The target (Swivel ≥ 20% better, ≤ 0.8×) is NOT met:
    /// measured 1.03× / 1.04× on walk (whose turns are instant, where a
    /// high-gain alpha-beta does well; 1.07× with the consistency limit at
    /// 1.8) and 0.91× / 0.90× on walk-fast. Held here, measured with a small
    /// margin, so it cannot get worse unnoticed; docs/TRACKING.md, "Measured".
    @Test(arguments: SlowSubjectFigures.tunedAlphaBeta)
    func walkingAgainstTheTunedAlphaBetaTracker(_ tuned: SlowSubjectFigures.Tuned) throws {
        let alphaBeta = SceneController.alphaBeta(alpha: tuned.alpha, beta: tuned.beta)
        let walk = try measure("walk", latency: tuned.latency)
        let walkAlphaBeta = try measure("walk", alphaBeta, latency: tuned.latency)
        let naive = try measure("walk", .naive(gainPerSecond: NaiveTracker.defaultGainPerSecond), latency: tuned.latency)
        // A real baseline: far better than the naive loop.
        #expect(walkAlphaBeta.rmsFramingError < 0.5 * naive.rmsFramingError)
        #expect(walk.rmsFramingError <= 1.06 * walkAlphaBeta.rmsFramingError, "Swivel \(walk), αβ \(walkAlphaBeta)")
        let fast = try measure("walk-fast", latency: tuned.latency)
        let fastAlphaBeta = try measure("walk-fast", alphaBeta, latency: tuned.latency)
        #expect(fast.rmsFramingError <= 0.97 * fastAlphaBeta.rmsFramingError, "Swivel \(fast), αβ \(fastAlphaBeta)")
    }

    /// The acceleration cap holds whoever commands: Swivel and both baselines,
    /// on the scenes that ask the most of it.
    @Test(arguments: ["walk-fast", "step", "drift"])
    func theAccelerationCapIsNeverBroken(_ name: String) throws {
        for controller: SceneController in [.swivel, .naive(gainPerSecond: 8), .alphaBeta(alpha: 0.85, beta: 0.7)] {
            let m = try measure(name, controller, latency: 0.1)
            #expect(m.peakCommandedYawAcceleration <= Self.yawAccelerationCap * (1 + 1e-9), "\(name), \(controller)")
        }
    }
}

/// The limits asserted above, each the measured figure with a margin (or the
/// issue's target where it is met with room).
enum SlowSubjectFigures {
    static let driftOnsetHoldLimit = 0.8
    /// The target (0.5% of the width) is met at 33 and 66 ms (0.40%, 0.48%);
    /// at 100 ms (0.57%) the measured figure with 10% of margin holds it from
    /// getting worse (0.63% before the consistency limit went to 1.2 fails it).
    static func driftRMSLimit(_ latency: Double) -> Double { latency < 0.08 ? 0.005 : 0.0063 }
    /// The target; measured 0.02% (still-offset) and 0.05–0.06% (still).
    static let stillOffsetLimit = 0.002
    /// From `swivel-bench --only tracking`: the sweep's best (α, β) per latency
    /// on walk, inside the grid (α to 1.0, β to 1.2), not at its edge.
    struct Tuned: Sendable {
        var latency: Double
        var alpha: Double
        var beta: Double
    }

    static let tunedAlphaBeta = [Tuned(latency: 0.066, alpha: 0.85, beta: 0.7), Tuned(latency: 0.1, alpha: 0.85, beta: 0.7)]
}
