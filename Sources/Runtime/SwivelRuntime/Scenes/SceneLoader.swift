import SwivelBoard
import SwivelCore

/// Reads and validates scene files (`scenes/*.json5`): either every check
/// passes and a `Scene` comes back, or a `SceneError` lists every problem with
/// its key path. The format is in docs/TRACKING.md.
public enum SceneLoader {
    public static func load(contentsOf path: String) throws(SceneError) -> Scene {
        let text: String
        do {
            text = try TextFile.read(path)
        } catch {
            throw SceneError(source: path, problems: [SceneProblem(keyPath: "", line: nil, reason: error.reason)])
        }
        return try parse(text, source: path)
    }

    /// - Parameter source: names the text in errors, e.g. a path or `<string>`.
    public static func parse(_ text: String, source: String) throws(SceneError) -> Scene {
        let root: JSON5Value
        do {
            root = try JSON5.parse(text)
        } catch {
            throw SceneError(source: source, problems: [
                SceneProblem(keyPath: error.keyPath, line: error.position.line, reason: "\(error.position): \(error.message)")
            ])
        }
        let fields = SceneFields()
        let scene = SceneDecoder(fields).scene(root)
        if let scene, fields.problems.isEmpty { return scene }
        var problems = fields.problems
        if problems.isEmpty {
            problems.append(SceneProblem(keyPath: "", line: nil, reason: "internal error: the scene was rejected without a reason"))
        }
        problems.sort { ($0.line ?? 0, $0.keyPath, $0.reason) < ($1.line ?? 0, $1.keyPath, $1.reason) }
        throw SceneError(source: source, problems: problems)
    }
}

/// Bounds of a scene file's values, in one place for the docs and the tests.
public enum SceneBounds {
    public static let durationSeconds: ClosedRange<Double> = 0...600
    public static let frameRateHz: ClosedRange<Double> = 1...120
    public static let latencyMilliseconds: ClosedRange<Double> = 0...1000
    public static let noiseSigma: ClosedRange<Double> = 0...0.2
    public static let dropoutProbability: ClosedRange<Double> = 0...0.99
    /// The extra, random part of the latency, and a stall: under the 1 s a
    /// capture age may be.
    public static let latencyJitterMilliseconds: ClosedRange<Double> = 0...500
    public static let stallMilliseconds: ClosedRange<Double> = 0...500
    public static let stallProbability: ClosedRange<Double> = 0...0.5
    public static let frameDropProbability: ClosedRange<Double> = 0...0.5
    /// More than two turns is a typo, not a subject.
    public static let yawRadians: ClosedRange<Double> = -4 * .pi...4 * .pi
    /// Elevation short of straight up or down, where a pinhole image ends.
    public static let pitchRadians: ClosedRange<Double> = -1.2...1.2
    public static let rateRadiansPerSecond: ClosedRange<Double> = -20...20
    /// A blend longer than this turns a walk into a drift.
    public static let smoothingSeconds: ClosedRange<Double> = 0...5
    /// A subject wider than this fills a phone's widest camera.
    public static let sizeRadians: ClosedRange<Double> = 0...1.5
    /// TRACK carries at most 16 observations.
    public static let subjects: ClosedRange<Int> = 1...16
    public static let buttonPresses: ClosedRange<Int> = 0...1_000
    /// Longer than a press: a button held down, not pressed.
    public static let holdSeconds: ClosedRange<Double> = 0...10
}
