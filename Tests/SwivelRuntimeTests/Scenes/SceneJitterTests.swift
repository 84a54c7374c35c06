import SwivelCore
import SwivelStandHarness
import Testing
@testable import SwivelRuntime
@testable import SwivelSceneBench

/// Issue 24 §3: tracking stays steady under the latency a loaded board really
/// has. The bench's jittered scenes (`walk-jitter`, `drift-jitter`: 66 ms
/// nominal, each batch a further 0–60 ms late at random and in order, a
/// 150 ms stall now and then, dropped frames, dropouts and box noise), the
/// same runs `swivel-bench --only tracking` reports. Figures are in
/// docs/TRACKING.md, "Under a varying latency".
@Suite struct SceneJitterTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var scene: String
        /// The alpha-beta's best (α, β) on this jittered scene at 66 ms, from the bench's sweep.
        var alpha: Double
        var beta: Double
        /// Targets this scene still misses, with the figure measured
        /// (docs/TRACKING.md, "Under a varying latency"): the assertion stays
        /// as the issue states it and is recorded as a known issue, which
        /// fails the test the day the target is met, so this list is kept true.
        var highPassMissed: String?
        var reversalsMissed: String?
        var framingMissed: String?
        var testDescription: String { scene }
    }

    static let cases = [
        Case(
            scene: "walk-jitter", alpha: JitterFigures.walkAlpha, beta: JitterFigures.walkBeta,
            highPassMissed: "yaw high-pass RMS 5.65 mrad (target 5); the subject's own is 3.2, the turns' overshoot the rest (4.98 mrad with no box noise: the link's latency alone)",
            reversalsMissed: "3 reversals of the yaw rate against the subject's 2: the final stop's overshoot after a noisy batch ahead of a stall",
            framingMissed: nil),
        Case(
            scene: "drift-jitter", alpha: JitterFigures.driftAlpha, beta: JitterFigures.driftBeta,
            highPassMissed: nil,
            reversalsMissed: nil,
            framingMissed: "0.92× the alpha-beta tuned on it (0.46% of the width against 0.50%)"),
    ]

    /// `body`, as a known issue when `miss` names one.
    static func target(_ miss: String?, _ body: () -> Void) {
        if let miss {
            withKnownIssue(Comment(rawValue: "issue 24 §3 target missed: " + miss)) { body() }
        } else {
            body()
        }
    }

    static func record(_ scene: String, _ controller: SceneController) throws -> SceneRecording {
        try SceneRunner(
            scene: SceneFixtures.load(scene), board: BoardFixtures.load("sim.json5"), controller: controller,
            latencySeconds: 0.066
        ).run()
    }

    /// The stand does not hunt: its yaw's high-pass RMS (yaw minus its
    /// centred 0.5 s mean) at most 5 mrad, and the commanded yaw rate changes
    /// sign no more often than the subject's own rate does.
    @Test(arguments: cases)
    func theStandDoesNotHuntUnderAVaryingLatency(_ c: Case) throws {
        let recording = try Self.record(c.scene, .swivel)
        let s = TrackingSteadiness.measure(recording)
        Self.target(c.highPassMissed) {
            #expect(s.yawHighPassRMS <= 0.005, "\(c.scene): yaw high-pass RMS \(s.yawHighPassRMS * 1000) mrad")
        }
        Self.target(c.reversalsMissed) {
            #expect(
                s.yawRateReversals <= s.subjectYawRateReversals,
                "\(c.scene): \(s.yawRateReversals) reversals of the yaw rate, the subject's \(s.subjectYawRateReversals)")
        }
        // The scene really is jittered: every batch went through, none refused.
        #expect(recording.replies["frameRateTooHigh"] == nil, "\(recording.replies)")
    }

    /// The reversal guard's share, asserted where it is met: before it (on
    /// 659efd9) the commanded yaw rate changed sign 26 times on walk-jitter
    /// and 37 on drift-jitter; a third of that is the bound here. Since the
    /// guard also holds while a subject it overshot still comes its way
    /// (6700604 turned back: 8 on walk-jitter), and the prediction carries
    /// an acceleration only over the link's latency, not through a stall
    /// (78161a7 swung past the first turn and back: 6), and the stand waits
    /// out the first, noisy half second of a subject (it turned back at
    /// 0.46 s on a subject that had not moved: 4), walk-jitter is at most 3.
    /// (Drift-jitter's bound is its target: the subject's one reversal.)
    @Test(arguments: cases)
    func theGuardTakesOutMostReversals(_ c: Case) throws {
        let s = TrackingSteadiness.measure(try Self.record(c.scene, .swivel))
        let before = c.scene == "walk-jitter" ? 26 : 37
        #expect(s.yawRateReversals * 3 <= before, "\(c.scene): \(s.yawRateReversals) reversals")
        if c.scene == "walk-jitter" { #expect(s.yawRateReversals <= 3, "\(s.yawRateReversals) reversals") }
    }

    /// And frames better than a latency-compensated alpha-beta tuned on the
    /// same jittered input: RMS framing error at most 0.8× its.
    @Test(arguments: cases)
    func framingBeatsTheTunedAlphaBetaOnTheSameJitteredInput(_ c: Case) throws {
        let swivel = TrackingMetrics.measure(try Self.record(c.scene, .swivel))
        let alphaBeta = TrackingMetrics.measure(try Self.record(c.scene, .alphaBeta(alpha: c.alpha, beta: c.beta)))
        Self.target(c.framingMissed) {
            #expect(
                swivel.rmsFramingError <= 0.8 * alphaBeta.rmsFramingError,
                "\(c.scene): Swivel \(swivel.rmsFramingError), alpha-beta \(alphaBeta.rmsFramingError)")
        }
        #expect(swivel.timeInFrame == 1)
        #expect(swivel.peakCommandedYawAcceleration <= 12 * (1 + 1e-9))
    }

    /// The jitter model itself: in order, each batch 66…126 ms late but for a
    /// stall (150 ms more) and those bunched behind it, its capture age the
    /// delay it really had, and some frames never sent.
    @Test func theJitteredCameraDeliversInOrderWithItsTrueAge() throws {
        let scene = try SceneFixtures.load("walk-jitter")
        var camera = SimulatedCamera(scene: scene, latencySeconds: 0.066)
        var last = -Double.infinity
        var dropped = 0, stalled = 0, delays: [Double] = []
        for _ in 0..<3000 {
            let frame = camera.capture(at: camera.nextCaptureSeconds, standYaw: 0, standPitch: 0)
            if frame.isDropped {
                dropped += 1
                continue
            }
            let delay = frame.deliverySeconds - frame.captureSeconds
            #expect(frame.deliverySeconds >= last)
            #expect(abs(Double(frame.batch.captureAgeMicroseconds) / 1e6 - delay) < 1e-6)
            #expect(delay >= 0.066 - 1e-9 && delay <= 0.066 + 0.06 + 0.15 + 0.06 + 1e-9)
            if delay > 0.066 + 0.06 + 1e-9 { stalled += 1 }
            delays.append(delay)
            last = frame.deliverySeconds
        }
        #expect((40...140).contains(dropped), "\(dropped) of 3000 dropped")
        #expect(stalled > 20, "\(stalled) late past the jitter")
        let spread = (delays.max() ?? 0) - (delays.min() ?? 0)
        #expect(spread > 0.15)
    }
}

/// The alpha-beta's best on the jittered scenes at 66 ms, from the bench's
/// sweep (`swivel-bench --only tracking --scene walk-jitter --scene
/// drift-jitter --latency 66`).
enum JitterFigures {
    static let walkAlpha = 0.2
    static let walkBeta = 0.2
    static let driftAlpha = 0.3
    static let driftBeta = 0.1
}
