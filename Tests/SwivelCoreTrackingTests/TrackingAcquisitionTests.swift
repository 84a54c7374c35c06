@testable import SwivelCore
import SwivelTestSupport
import Testing

/// The first half second of a subject (issue 24 §3: walk-jitter's first
/// reversal was at 0.46 s, before the subject had moved). A subject just seen
/// is known to a detection's noise and its velocity hardly at all; a stand
/// that moves on that turns back once the estimate settles.
@Suite struct TrackingAcquisitionTests {
    /// A harness with the given tracking tuning that has ticked a while, so
    /// the motion history reaches back a camera latency.
    static func started(_ tracking: TrackingController.Parameters = TrackingController.Parameters()) -> ControllerHarness {
        var h = ControllerHarness(tracking: tracking)
        h.run(seconds: 0.2)
        return h
    }

    /// A detector's jitter, σ ≈ 4 mrad (the scenes' 0.004 of a portrait
    /// frame's width), from a fixed seed: the sum of four uniform draws.
    struct Jitter {
        var state: UInt64
        mutating func next() -> Double {
            var sum = 0.0
            for _ in 0..<4 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                sum += Double(state >> 11) / Double(1 << 53) - 0.5
            }
            return sum * 0.004 / (4.0 / 12).squareRoot()
        }
    }

    /// Sign changes of the commanded yaw rate beyond 0.01 rad/s (as
    /// `TrackingSteadiness` counts them) while a still subject at `yaw` is
    /// seen through the jitter for 1.5 s from its first frame.
    static func reversalsOnAStillSubject(
        at yaw: Double, seed: UInt64, _ tracking: TrackingController.Parameters = TrackingController.Parameters()
    ) throws -> (reversals: Int, position: Double) {
        var h = started(tracking)
        var jitter = Jitter(state: seed)
        var side = 0, reversals = 0
        try h.track(seconds: 1.5, latency: 0.066, path: { _ in (yaw + jitter.next(), nil) }) { h in
            let v = h.controller.state.yaw.velocity
            let now = v > 0.01 ? 1 : v < -0.01 ? -1 : 0
            if now != 0 {
                if side != 0, now != side { reversals += 1 }
                side = now
            }
        }
        return (reversals, h.positions.yaw)
    }

    /// Seen straight ahead through the jitter, a still subject makes the stand
    /// turn one way and back at most once in 20 seeds (measured: once, seed
    /// 20, where the mean of the first 12 frames was 3.8 mrad off, 3.3σ of
    /// its spread; before: 24 times, on 19 of the 20).
    @Test func aStillSubjectJustSeenDoesNotMakeTheStandTurnBack() throws {
        var total = 0
        for seed in UInt64(1)...20 {
            let run = try Self.reversalsOnAStillSubject(at: 0, seed: seed)
            total += run.reversals
            #expect(abs(run.position) < 0.004, "seed \(seed): \(run.position)")
        }
        #expect(total <= 1)
    }

    /// The same runs without the acquisition wait and with the band's exit
    /// fixed at 1.5 mrad (the tuning before): the stand turns back on most
    /// seeds, so the test above can fail.
    @Test func withoutTheWaitTheStandTurnsBack() throws {
        var old = TrackingController.Parameters()
        old.acquisitionObservations = 0
        old.holdExitSigmas = 0
        var total = 0
        for seed in UInt64(1)...20 {
            total += try Self.reversalsOnAStillSubject(at: 0, seed: seed, old).reversals
        }
        #expect(total >= 10, "\(total) reversals in 20 runs")
    }

    /// A subject first seen farther off than the noise can put it (the
    /// jump threshold, 0.04 rad) is acquired at once, not after the wait.
    @Test func aSubjectFarOffIsAcquiredAtOnce() throws {
        var h = Self.started()
        var moved: Double?
        try h.track(seconds: 0.3, latency: 0.066, path: { _ in (0.1, nil) }) { h in
            if moved == nil, h.controller.state.yaw.velocity > 0.01 { moved = h.now }
        }
        let first = try #require(moved)
        // The first frame arrives 0.066 s in; the stand moves on it.
        #expect(first - 0.2 < 0.08, "moved at \(first - 0.2) s")
    }

    /// Within the noise, the stand waits for the estimate, then centres the
    /// subject: a still subject 3 mrad off is centred once its mean is known.
    @Test func aSubjectWithinTheNoiseIsCentredOnceItsMeanIsKnown() throws {
        var h = Self.started()
        var jitter = Jitter(state: 7)
        var firstMove: Double?
        try h.track(seconds: 2, latency: 0.066, path: { _ in (0.003 + jitter.next(), nil) }) { h in
            if firstMove == nil, h.controller.state.yaw.velocity != 0 { firstMove = h.now - 0.2 }
        }
        #expect(abs(h.positions.yaw - 0.003) < 0.0015, "\(h.positions.yaw)")
        if let firstMove { #expect(firstMove > 0.3, "moved at \(firstMove) s, on a young estimate") }
    }
}
