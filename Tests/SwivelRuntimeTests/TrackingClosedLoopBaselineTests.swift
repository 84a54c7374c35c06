import SwivelCore
import SwivelRuntime
import Testing

/// Latency compensation against the naive controller: proportional control on
/// the newest observation, taken as the error now (no latency compensation),
/// sent as a velocity command per frame. Walking scene, camera 100 ms late.
///
/// Which naive gain? Each is swept. The naive controller's RMS error falls as
/// its gain rises, until the delay makes it ring: its best walking RMS
/// (0.189 rad at 10 /s) comes with 82% overshoot on the 0.5 rad step and a
/// 3 s settle. The fair baseline is the naive controller held to the same bar
/// as tracking, overshoot < 10% on that step: gain 4.5 /s (9.4% overshoot),
/// 0.378 rad RMS.
///
/// Measured (seed 1): tracking 0.111 rad RMS, 0.29× the step-qualified naive
/// controller — the 0.4× target is met against it — and 0.59× the naive
/// controller at its best-RMS gain. The 0.4× target is NOT met against that
/// one: the turns of this scene cost tracking ~0.1 rad RMS that no tuning
/// removed (information arrives 100–133 ms late and the stand has ~4 rad/s² of
/// acceleration to spare over the subject to catch up; a tuning without the
/// step safeguards reached 0.56× but overshot the step by 12% on one seed in
/// ten); see docs/TRACKING.md.
@Suite struct TrackingClosedLoopBaselineTests {
    struct Naive {
        var gain: Double
        var walkingRMS: Double
        var stepOvershoot: Double
    }

    @Test func trackingBeatsTheNaiveControllerAt100Milliseconds() throws {
        let camera = ClosedLoopCamera(latencySeconds: 0.1)
        let window = RigSubjectPath.walkingWindow
        let tracking = try ClosedLoop.run(.walkingScene, seconds: RigSubjectPath.walkingSeconds, camera: camera)
            .rmsYawError(window)

        var naive: [Naive] = []
        for gain in [3.0, 4, 4.5, 5, 6, 8, 10, 12] {
            let walking = try ClosedLoop.run(
                .walkingScene, seconds: RigSubjectPath.walkingSeconds, camera: camera, driver: .naive(gainPerSecond: gain))
            let step = try ClosedLoop.run(
                .yawStep(from: 0, to: 0.5, at: 1), seconds: 4, camera: camera, driver: .naive(gainPerSecond: gain))
            let peak = step.during(1..<4).map(\.measured.yaw).max() ?? .nan
            naive.append(Naive(gain: gain, walkingRMS: walking.rmsYawError(window), stepOvershoot: (peak - 0.5) / 0.5))
        }
        let qualified = try #require(naive.filter { $0.stepOvershoot < 0.1 }.min { $0.walkingRMS < $1.walkingRMS })
        let best = try #require(naive.min { $0.walkingRMS < $1.walkingRMS })
        // The sweep found the ringing optimum inside its range, not at an end.
        #expect(best.gain > 3 && best.gain < 12)
        #expect(best.stepOvershoot > 0.5)

        #expect(tracking <= 0.4 * qualified.walkingRMS, "tracking \(tracking), naive \(qualified)")
        // Against the unconstrained optimum the measured ratio is 0.59: held
        // here so it cannot get worse unnoticed (the 0.4 target is not met).
        #expect(tracking <= 0.65 * best.walkingRMS, "tracking \(tracking), naive \(best)")
    }
}
