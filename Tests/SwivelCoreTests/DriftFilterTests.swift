import SwivelCore
import Testing

/// The slow filter that steers drifting subjects (docs/TRACKING.md, "The slow
/// filter and the still mean"), fed as `TrackingAxis` feeds it: after the fast
/// filter has taken each observation.
@Suite struct DriftFilterTests {
    static let frame = 0.033
    static let noise = 0.005

    struct Pair {
        var fast = SubjectFilter()
        var slow = DriftFilter()
        var resyncs = 0

        mutating func observe(at t: Double, _ angle: Double) {
            switch fast.update(at: t, angle: angle) {
            case .started, .restarted: slow.sync(to: fast)
            case .updated:
                let before = slow.observationsSinceSync
                slow.update(at: t, angle: angle, noise: DriftFilterTests.noise, jump: fast.parameters.jumpRadians, fast: fast)
                if slow.observationsSinceSync <= before { resyncs += 1 }
            case .ignored: break
            }
        }
    }

    /// 0.03 rad/s is under the fast filter's noise (~0.1 rad/s) but clear to
    /// the slow one, and its angle is better than one observation.
    @Test func learnsASlowDriftTheFastFilterCannotTellFromStill() {
        var pair = Pair()
        var noise = SeededNoise(seed: 7)
        var angleSquares = 0.0, velocitySquares = 0.0, fastVelocitySquares = 0.0, count = 0.0
        for frame in 0..<300 {
            let t = Double(frame) * Self.frame
            pair.observe(at: t, 0.1 + 0.03 * t + noise.next(standardDeviation: Self.noise))
            guard t >= 3 else { continue }
            count += 1
            angleSquares += (pair.slow.angle - (0.1 + 0.03 * t)) * (pair.slow.angle - (0.1 + 0.03 * t))
            velocitySquares += (pair.slow.velocity - 0.03) * (pair.slow.velocity - 0.03)
            fastVelocitySquares += (pair.fast.velocity - 0.03) * (pair.fast.velocity - 0.03)
        }
        #expect(pair.slow.isTrusted)
        #expect((angleSquares / count).squareRoot() < 0.0025)
        #expect((velocitySquares / count).squareRoot() < 0.01)
        // The fast filter's speed is several times noisier than the drift itself.
        #expect((fastVelocitySquares / count).squareRoot() > 0.03)
        #expect(pair.resyncs <= 1)
    }

    /// A change of pace the slow model cannot follow makes it take the fast
    /// filter's state, and it is distrusted for a few observations.
    @Test func aChangeOfPaceResyncsItToTheFastFilter() {
        var pair = Pair()
        for frame in 0..<90 { pair.observe(at: Double(frame) * Self.frame, 0.2) }
        #expect(pair.slow.isTrusted)
        #expect(abs(pair.slow.velocity) < 1e-3)
        let start = 90 * Self.frame
        var resyncedAt: Double?
        for frame in 90..<150 {
            let t = Double(frame) * Self.frame
            let before = pair.resyncs
            pair.observe(at: t, 0.2 + 0.5 * (t - start))
            if pair.resyncs > before, resyncedAt == nil {
                resyncedAt = t - start
                #expect(!pair.slow.isTrusted)
                #expect(pair.slow.velocity == pair.fast.velocity)
            }
        }
        #expect((resyncedAt ?? .infinity) < 0.2)
        #expect(abs(pair.slow.velocity - 0.5) < 0.05)
    }
}
