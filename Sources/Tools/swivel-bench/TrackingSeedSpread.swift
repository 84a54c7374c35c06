import SwivelBoard
import SwivelCore
import SwivelRuntime
import SwivelSceneBench
import SwivelToolSupport

/// The jittered scenes' targets on other draws of the same scene: the same
/// path, camera and detector errors, another seed for the noise, the latency
/// jitter, the stalls and the dropped frames. One seed is one run of a
/// loaded board, and a tuning that meets a target on the shipped seed can
/// miss it on the next (issue 24 measured its own scenes of the same kinds);
/// so the bench says on how many draws each target holds, with the mean and
/// the worst. The alpha-beta keeps the gains tuned on the shipped seed.
///
/// The same draws and the shipped seed also run with the detector's box
/// noise taken out (the latency jitter, stalls, dropped frames and dropouts
/// left): what the steadiness targets cost before the detector adds its
/// noise, so the bench says how much of a miss is the link's latency and how
/// much the detector's jitter.
struct TrackingSeedSpread {
    struct Draw {
        var seed: UInt64
        var steadiness: TrackingSteadiness
        /// Swivel's RMS framing error ÷ the alpha-beta's on the same draw.
        var ratio: Double
    }

    var scene: String
    var latency: Seconds
    var draws: [Draw]
    /// The shipped seed, then the draws, with `noiseSigma` 0.
    var withoutBoxNoise: [TrackingSteadiness]

    static func measure(
        _ scene: Scene, board: Board, alphaBeta gains: (alpha: Double, beta: Double), latency: Seconds, seeds: ClosedRange<UInt64>
    ) throws(ToolFailure) -> TrackingSeedSpread {
        var draws: [Draw] = []
        var withoutBoxNoise: [TrackingSteadiness] = []
        for seed in [scene.camera.seed] + seeds.filter({ $0 != scene.camera.seed }) {
            var drawn = scene
            drawn.camera.seed = seed
            var quiet = drawn
            quiet.camera.noiseSigma = 0
            withoutBoxNoise.append(TrackingSteadiness.measure(try TrackingBenchmark.record(quiet, board: board, .swivel, latency: latency)))
            // The shipped seed's own run with noise is the bench's main table.
            guard seed != scene.camera.seed else { continue }
            let swivel = try TrackingBenchmark.record(drawn, board: board, .swivel, latency: latency)
            let alphaBeta = try TrackingBenchmark.record(
                drawn, board: board, .alphaBeta(alpha: gains.alpha, beta: gains.beta), latency: latency)
            draws.append(Draw(
                seed: seed, steadiness: TrackingSteadiness.measure(swivel),
                ratio: TrackingMetrics.measure(swivel).rmsFramingError / TrackingMetrics.measure(alphaBeta).rmsFramingError))
        }
        return TrackingSeedSpread(scene: scene.name, latency: latency, draws: draws, withoutBoxNoise: withoutBoxNoise)
    }

    /// One line per target: how many draws meet it, the mean and the worst.
    var lines: [String] {
        guard let first = draws.first, let last = draws.last else { return [] }
        let label = "\(scene) @\(TrackingBenchmark.ms(latency)) on \(draws.count) other seeds (\(first.seed)–\(last.seed))"
        let highPass = draws.map { $0.steadiness.yawHighPassRMS * 1000 }
        let ratios = draws.map(\.ratio)
        let reversals = draws.map(\.steadiness.yawRateReversals).reduce(0, +)
        let subjects = draws.map(\.steadiness.subjectYawRateReversals).reduce(0, +)
        let target = TrackingBenchmark.highPassTarget * 1000
        return [
            "\(label): yaw high-pass ≤ \(Format.fixed(target, decimals: 0)) mrad on "
                + "\(highPass.filter { $0 <= target }.count) of \(draws.count); mean \(Format.fixed(Self.mean(highPass), decimals: 2)), "
                + "worst \(Format.fixed(highPass.max() ?? .nan, decimals: 2)) mrad",
            "\(label): yaw-rate reversals ≤ the subject's on "
                + "\(draws.filter { $0.steadiness.yawRateReversals <= $0.steadiness.subjectYawRateReversals }.count) "
                + "of \(draws.count); \(reversals) in all against the subjects' \(subjects)",
            "\(label): RMS ≤ 0.8× alpha-beta on \(ratios.filter { $0 <= 0.8 }.count) of \(draws.count); "
                + "mean \(Format.fixed(Self.mean(ratios), decimals: 2))×, worst \(Format.fixed(ratios.max() ?? .nan, decimals: 2))×",
        ] + quietLines(target: target)
    }

    /// The steadiness targets without the detector's box noise, on the shipped seed and the draws.
    func quietLines(target: Double) -> [String] {
        guard let shipped = withoutBoxNoise.first else { return [] }
        let label = "\(scene) @\(TrackingBenchmark.ms(latency)) without box noise, shipped seed + \(withoutBoxNoise.count - 1) others"
        let highPass = withoutBoxNoise.map { $0.yawHighPassRMS * 1000 }
        let met = withoutBoxNoise.filter { $0.yawRateReversals <= $0.subjectYawRateReversals }.count
        return [
            "\(label): yaw high-pass ≤ \(Format.fixed(target, decimals: 0)) mrad on \(highPass.filter { $0 <= target }.count) "
                + "of \(withoutBoxNoise.count) (shipped \(Format.fixed(shipped.yawHighPassRMS * 1000, decimals: 2)); "
                + "mean \(Format.fixed(Self.mean(highPass), decimals: 2)), worst \(Format.fixed(highPass.max() ?? .nan, decimals: 2)) mrad); "
                + "reversals ≤ the subject's on \(met) of \(withoutBoxNoise.count) (shipped \(shipped.yawRateReversals) against "
                + "\(shipped.subjectYawRateReversals))",
        ]
    }

    static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
    }
}
