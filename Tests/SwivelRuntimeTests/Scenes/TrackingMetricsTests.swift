#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore
import Testing
@testable import SwivelAccessories
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelRuntime
@testable import SwivelStand
@testable import SwivelSceneBench

@Suite struct TrackingMetricsTests {
    /// A recording of `scene` whose stand yaw follows `stand(t)` at 1 ms ticks
    /// and 30 fps frames, with the framing error from the camera's own projection.
    private func recording(_ scene: Scene, stand: (Double) -> Double) -> SceneRecording {
        let camera = SimulatedCamera(scene: scene)
        var r = SceneRecording(scene: scene, controller: .swivel, latencySeconds: 0.033, tickSeconds: 0.001)
        let subject = scene.primarySubject!
        for i in 0..<Int(scene.durationSeconds * 1000) {
            let t = Double(i) / 1000
            let v = camera.view(of: subject, at: t, standYaw: stand(t), standPitch: 0)
            r.ticks.append(.init(seconds: t, subjectYaw: v.worldYaw, subjectPitch: v.worldPitch, standYaw: stand(t),
                                 standPitch: 0, framingError: v.framingError, inFrame: v.inFrame,
                                 commandedYawVelocity: (stand(t + 0.001) - stand(t)) / 0.001))
            if i % 33 == 0 {
                r.frames.append(.init(captureSeconds: t, framingError: v.framingError, inFrame: v.inFrame, observations: 1))
            }
        }
        return r
    }

    private func stepScene() throws -> Scene {
        let trajectory = try #require(SubjectPath(points: [
            .init(timeSeconds: 0, yaw: 0, pitch: 0), .init(timeSeconds: 1, yaw: 0, pitch: 0),
            .init(timeSeconds: 1, yaw: 0.4, pitch: 0),
        ]))
        let subject = SceneSubject(id: 1, kind: .humanFace, widthRadians: 0.1, heightRadians: 0.1, path: trajectory)
        var scene = SceneFixtures.scene(camera: SceneFixtures.camera(), subjects: [subject])
        scene.durationSeconds = 5
        return scene
    }

    @Test func aPerfectFollowerScoresZeroErrorAndFullTimeInFrame() throws {
        let scene = try stepScene()
        let m = TrackingMetrics.measure(recording(scene) { $0 < 1 ? 0 : 0.4 })
        #expect(m.rmsFramingError == 0)
        #expect(m.timeInFrame == 1)
        #expect(m.settleSeconds == 0)
        #expect(m.overshootPercent == 0)
        #expect(abs(m.motorTravelRadians - 0.4) < 1e-12)
        // Still from 1 s: judged from 3 s on, and a stand that does not move never reverses.
        #expect(m.stillReversals == 0)
    }

    @Test func overshootAndSettleAreReadFromTheResponse() throws {
        let scene = try stepScene()
        // Ramps to 0.48 (20% past 0.4) by 1.5 s, back to 0.4 by 2 s, holds.
        let m = TrackingMetrics.measure(recording(scene) { t in
            if t < 1 { return 0 }
            if t < 1.5 { return 0.96 * (t - 1) }
            if t < 2 { return 0.48 - 0.16 * (t - 1.5) }
            return 0.4
        })
        let overshoot = try #require(m.overshootPercent)
        #expect(abs(overshoot - 20) < 0.1)
        // Within 2% of the width (about 0.024 rad in landscape) from about 1.85 s on.
        let settle = try #require(m.settleSeconds)
        #expect(settle > 0.8 && settle < 0.9)
        #expect(m.rmsFramingError > 0)
    }

    @Test func aStandThatNeverArrivesNeverSettles() throws {
        let m = TrackingMetrics.measure(recording(try stepScene()) { _ in 0 })
        #expect(m.settleSeconds == .infinity)
        #expect(m.overshootPercent == 0)
        // 0.4 rad is inside the landscape half-width (0.55 rad), at 0.34 of the width from the centre, for 80% of the frames.
        #expect(m.timeInFrame == 1)
        #expect(abs(m.rmsFramingError - (tan(0.4) / (2 * tan(1.107 / 2))) * 0.8.squareRoot()) < 0.005)
    }

    @Test func reversalsCountSwingsOfAtLeastTheBand() {
        #expect(TrackingMetrics.reversals([0, 1, 2, 3], band: 0.5) == 0)
        #expect(TrackingMetrics.reversals([0, 1, 0, 1, 0], band: 0.5) == 3)
        #expect(TrackingMetrics.reversals([0, 0.4, 0, 0.4, 0], band: 0.5) == 0)
        #expect(TrackingMetrics.reversals([0, 0.6, 0.3, 0.9, 0], band: 0.5) == 1)
    }

    @Test func aStandHuntingAroundAStillSubjectReverses() throws {
        // A stand that hunts ±0.01 rad around a still subject at 2 Hz.
        let scene = try stepScene()
        let m = TrackingMetrics.measure(recording(scene) { t in
            t < 1 ? 0 : 0.4 + 0.01 * sin(2 * .pi * 2 * t)
        })
        // Judged 3…5 s: 8 turning points.
        #expect(m.stillReversals == 8)
    }

    /// A hold is counted while the subject moves at all, or, for the drift
    /// target, only while it moves at 0.03 rad/s or more.
    @Test func aHoldIsCountedWhileTheSubjectMovesFastEnough() {
        var r = SceneRecording(scene: SceneFixtures.scene(camera: SceneFixtures.camera(), subjects: []), controller: .swivel,
                               latencySeconds: 0.033, tickSeconds: 0.001)
        // The subject speeds up at 0.1 rad/s² from 1 s; the stand holds until 1.5 s.
        for i in 0..<3000 {
            let t = Double(i) / 1000
            let yaw = t < 1 ? 0 : 0.05 * (t - 1) * (t - 1)
            r.ticks.append(.init(seconds: t, subjectYaw: yaw, subjectPitch: 0, standYaw: 0, standPitch: 0, framingError: 0,
                                 inFrame: true, commandedYawVelocity: t < 1.5 ? 0 : 0.1))
        }
        let all = TrackingMetrics.longestHold(r.ticks)
        #expect(abs((all?.seconds ?? 0) - 0.5) < 0.002)
        #expect(abs((all?.start ?? 0) - 1) < 0.002)
        // 0.03 rad/s from 1.3 s: 0.2 s of it held.
        let drifting = TrackingMetrics.longestHold(r.ticks, minimumSpeed: TrackingMetrics.driftSpeed)
        #expect(abs((drifting?.seconds ?? 0) - 0.2) < 0.002)
    }

    @Test func stillWindowsStartAfterTheAllowanceAndSplitAtJumps() throws {
        let step = try SceneFixtures.load("step")
        #expect(TrackingMetrics.stillWindows(step) == [4..<6, 8..<10])
        let still = try SceneFixtures.load("still")
        #expect(TrackingMetrics.stillWindows(still) == [2..<10])
        let walk = try SceneFixtures.load("walk")
        #expect(TrackingMetrics.stillWindows(walk).isEmpty)
    }

    @Test func theReversalBandIsAQuarterPercentOfTheUprightWidth() {
        let landscape = TrackingMetrics.reversalAngle(SceneFixtures.camera(orientation: .landscapeLeft), fieldOfView: .defaults)
        let portrait = TrackingMetrics.reversalAngle(SceneFixtures.camera(orientation: .portrait), fieldOfView: .defaults)
        #expect(abs(landscape - atan(0.005 * tan(1.107 / 2))) < 1e-12)
        #expect(abs(portrait - atan(0.005 * tan(0.860 / 2))) < 1e-12)
    }
}
