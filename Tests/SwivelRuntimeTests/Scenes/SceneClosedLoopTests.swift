import SwivelCore
import SwivelStandHarness
import Testing
@testable import SwivelAccessories
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelRuntime
@testable import SwivelStand
@testable import SwivelSceneBench

/// The targets, closed loop: the shipped scenes through the simulated
/// camera, the vision link, the hub's pipeline and the simulated stand.
@Suite struct SceneClosedLoopTests {
    private func run(_ name: String, _ controller: SceneController = .swivel, latency: Double? = nil) throws -> SceneRecording {
        try SceneRunner(scene: SceneFixtures.load(name), board: BoardFixtures.load("sim.json5"), controller: controller,
                        latencySeconds: latency).run()
    }

    @Test func theVisionLinkDrivesTheStandWithNoHostDocked() throws {
        let recording = try run("walk")
        // Every batch is answered; the ones without the subject (dropouts) say so.
        let answered = recording.replies.values.reduce(0, +)
        #expect(answered >= recording.frames.count - 2)
        #expect(Set(recording.replies.keys).isSubset(of: ["ack", "noSubjectFound"]))
        let last = try #require(recording.ticks.last)
        #expect(abs(last.standYaw - last.subjectYaw) < 0.05)
    }

    @Test func aRunIsTheSameEveryTime() throws {
        let a = try run("crossing")
        let b = try run("crossing")
        #expect(a.ticks == b.ticks)
        #expect(a.frames == b.frames)
    }

    @Test(arguments: [0.033, 0.1])
    func noOscillationWhileASubjectStandsStill(_ latency: Double) throws {
        let metrics = TrackingMetrics.measure(try run("still", latency: latency))
        #expect(metrics.stillReversals == 0)
        #expect(metrics.timeInFrame == 1)
    }

    @Test(arguments: [0.033, 0.1])
    func overshootOnTheStepStaysUnderTenPercent(_ latency: Double) throws {
        let metrics = TrackingMetrics.measure(try run("step", latency: latency))
        let overshoot = try #require(metrics.overshootPercent)
        #expect(overshoot < 10)
    }

    @Test(arguments: [0.033, 0.1])
    func aSubjectAtSeventyPercentOfMaximumYawSpeedStaysInFrame(_ latency: Double) throws {
        let metrics = TrackingMetrics.measure(try run("walk-fast", latency: latency))
        #expect(metrics.timeInFrame >= 0.99)
    }

    @Test func rmsFramingErrorIsAtMostFourTenthsOfTheNaiveBaselineAt100ms() throws {
        let swivel = TrackingMetrics.measure(try run("walk", latency: 0.1))
        let naive = TrackingMetrics.measure(try run("walk", .naive(gainPerSecond: NaiveTracker.defaultGainPerSecond), latency: 0.1))
        #expect(swivel.rmsFramingError <= 0.4 * naive.rmsFramingError)
    }
}
