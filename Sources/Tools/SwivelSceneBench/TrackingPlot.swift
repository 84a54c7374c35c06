public import SwivelRuntime
/// The per-scene plot `make bench` writes to docs/img: subject yaw and camera
/// yaw against time, Swivel and the naive baseline, one panel per latency.
public enum TrackingPlot {
    /// One latency's pair of runs of the same scene.
    public struct Pair: Sendable {
        public var swivel: SceneRecording
        public var naive: SceneRecording
        /// The latency-compensated baseline, when it ran.
        public var alphaBeta: SceneRecording?

        public init(swivel: SceneRecording, naive: SceneRecording, alphaBeta: SceneRecording? = nil) {
            self.swivel = swivel
            self.naive = naive
            self.alphaBeta = alphaBeta
        }
    }

    /// Every 10th tick (10 ms on the sim board): finer than any motion in a scene.
    static let decimation = 10

    public static func svg(scene: Scene, pairs: [Pair]) -> String {
        let panels = pairs.map { pair in
            var series = [
                SVGPlot.Series(name: "subject", colour: "#222222", points: points(pair.swivel) { $0.subjectYaw }),
                SVGPlot.Series(name: "Swivel", colour: "#1f77b4", points: points(pair.swivel) { $0.standYaw }),
                SVGPlot.Series(name: "naive", colour: "#ff7f0e", dashed: true, points: points(pair.naive) { $0.standYaw }),
            ]
            if let alphaBeta = pair.alphaBeta {
                series.append(SVGPlot.Series(
                    name: "alpha-beta", colour: "#2ca02c", dashed: true, points: points(alphaBeta) { $0.standYaw }))
            }
            return SVGPlot.Panel(title: "camera latency \(fixed(pair.swivel.latencySeconds * 1000, 0)) ms", series: series)
        }
        return SVGPlot.render(
            title: "\(scene.name): subject and camera yaw", xLabel: "time (s)", yLabel: "yaw (rad)", panels: panels)
    }

    static func points(_ recording: SceneRecording, _ value: (SceneRecording.Tick) -> Double) -> [(x: Double, y: Double)] {
        stride(from: 0, to: recording.ticks.count, by: decimation).map { i in
            (recording.ticks[i].seconds, value(recording.ticks[i]))
        }
    }
}
