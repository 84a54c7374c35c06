import SwivelCore
import SwivelStandHarness
import Testing
@testable import SwivelAccessories
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelRuntime
@testable import SwivelStand
@testable import SwivelSceneBench

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

    /// A drift of 0.03–0.2 rad/s is followed, not held and hopped after
    /// (the deadband of before issue 13 held ~1 s at a time and jumped
    /// 0.04 rad), with an RMS framing error within 0.5% of the width (the
    /// target; measured 0.31% / 0.37% / 0.44%). The one hold over 0.3 s is at
    /// the onset from rest (0.52 / 0.55 / 0.58 s from 0.75 s, the start of the
    /// 0.5 s blend): a start at 0.1 rad/s² stays under the detector's jitter
    /// that long. Counted only while the subject drifts at 0.03 rad/s or more
    /// (the slowest drift the target names) it is 0.22 / 0.25 / 0.28 s: the
    /// target (0.3 s) at every latency since the still state ends with the
    /// still hypothesis (before: 0.25 / 0.28 / 0.32 s, held at 100 ms at the
    /// measured figure with a small margin; docs/TRACKING.md, "Measured").
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
        #expect(try #require(m.longestHoldDriftingSeconds) <= SlowSubjectFigures.driftHoldLimit)
        let moving = recording.ticks.filter { $0.seconds >= 2 }
        #expect((TrackingMetrics.longestHold(moving)?.seconds ?? .infinity) <= 0.3)
        #expect(m.rmsFramingError <= 0.005, "RMS \(m.rmsFramingError)")
        #expect(m.timeInFrame == 1)
        #expect(m.peakCommandedYawAcceleration <= Self.yawAccelerationCap * (1 + 1e-9))
    }

    /// A still subject off centre is centred to within 0.2% of the width, and
    /// held there without a reversal (also after a small shift).
    @Test(arguments: latencies)
    func aStillSubjectIsCentredWithoutReversals(_ latency: Double) throws {
        for name in ["still-offset", "still", "step"] {
            let m = try measure(name, latency: latency)
            let offset = try #require(m.stillOffset)
            #expect(offset <= SlowSubjectFigures.stillOffsetLimit, "\(name): offset \(offset)")
            #expect(m.stillReversals == 0, "\(name)")
        }
    }

    /// Walking (changes of pace over a second, as people make them), camera
    /// 66 and 100 ms late, against the latency-compensated alpha-beta tracker
    /// at the (α, β) the bench's sweep found best on the same scene for that
    /// latency: at least 20% better (measured 0.77× / 0.76×). The estimator's
    /// steady hypothesis frames the straight parts about ten times better
    /// than the alpha-beta; its turning ones take the turns.
    @Test(arguments: SlowSubjectFigures.tunedAlphaBeta)
    func walkingIsTwentyPercentBetterThanTheTunedAlphaBetaTracker(_ tuned: SlowSubjectFigures.Tuned) throws {
        let alphaBeta = SceneController.alphaBeta(alpha: tuned.alpha, beta: tuned.beta)
        let walk = try measure("walk", latency: tuned.latency)
        let walkAlphaBeta = try measure("walk", alphaBeta, latency: tuned.latency)
        let naive = try measure("walk", .naive(gainPerSecond: NaiveTracker.defaultGainPerSecond), latency: tuned.latency)
        // A real baseline: far better than the naive loop.
        #expect(walkAlphaBeta.rmsFramingError < 0.5 * naive.rmsFramingError)
        #expect(walk.rmsFramingError <= 0.8 * walkAlphaBeta.rmsFramingError, "Swivel \(walk), αβ \(walkAlphaBeta)")
    }

    /// The stress scenes, no target: instant turns (walk-abrupt) cost every
    /// tracker alike, a runner (walk-fast) asks for the stand's caps. Held at
    /// the measured figures with a small margin, against the alpha-beta at its
    /// best on each, so they cannot get worse unnoticed: walk-abrupt 1.07× /
    /// 1.08× (the single filter before the estimator: 1.03× / 1.04×),
    /// walk-fast 4.4 / 6.4 / 9.0% of the width (before: 4.0 / 6.1 / 8.5%).
    @Test(arguments: SlowSubjectFigures.abruptAlphaBeta)
    func theStressScenesHoldTheirMeasuredFigures(_ tuned: SlowSubjectFigures.Tuned) throws {
        let alphaBeta = SceneController.alphaBeta(alpha: tuned.alpha, beta: tuned.beta)
        let abrupt = try measure("walk-abrupt", latency: tuned.latency)
        let abruptAlphaBeta = try measure("walk-abrupt", alphaBeta, latency: tuned.latency)
        #expect(abrupt.rmsFramingError <= 1.1 * abruptAlphaBeta.rmsFramingError, "Swivel \(abrupt), αβ \(abruptAlphaBeta)")
        let fast = try measure("walk-fast", latency: tuned.latency)
        #expect(fast.rmsFramingError <= (tuned.latency < 0.08 ? 0.066 : 0.093), "walk-fast \(fast)")
        #expect(fast.timeInFrame >= 0.99)
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
    /// Measured 0.52 / 0.55 / 0.58 s (0.55 / 0.58 / 0.62 s before bddf17b), with a margin.
    static let driftOnsetHoldLimit = 0.7
    /// The target, met at every latency since bddf17b (0.22 / 0.25 / 0.28 s;
    /// at 100 ms it was 0.32 s and the limit 0.34 s before).
    static let driftHoldLimit = 0.3
    /// The target; measured 0.05% (still-offset), 0.04% (still), 0.03% (step).
    static let stillOffsetLimit = 0.002
    /// From `swivel-bench --only tracking`: the sweep's best (α, β) per
    /// latency, inside the grid (α 0.1 to 1.0, β 0.02 to 1.2), not at its edge.
    struct Tuned: Sendable {
        var latency: Double
        var alpha: Double
        var beta: Double
    }

    /// On walk.
    static let tunedAlphaBeta = [Tuned(latency: 0.066, alpha: 0.3, beta: 0.35), Tuned(latency: 0.1, alpha: 0.3, beta: 0.35)]
    /// On walk-abrupt.
    static let abruptAlphaBeta = [Tuned(latency: 0.066, alpha: 0.85, beta: 0.7), Tuned(latency: 0.1, alpha: 0.85, beta: 0.7)]
}
