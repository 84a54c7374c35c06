import SwivelRuntime
public import SwivelCore

/// Whether the stand hunts: the two figures issue 24 judges tracking under a
/// varying latency by. Definitions are in docs/TRACKING.md, "Metrics".
public struct TrackingSteadiness: Equatable, Sendable {
    /// RMS of the stand's yaw minus its centred `highPassWindowSeconds` mean,
    /// radians: what a viewer sees as shake. Over the ticks whose window lies
    /// inside the run.
    public var yawHighPassRMS: Radians
    /// The same of the subject's own yaw: what following it faithfully costs
    /// (a turn's corner is not a straight line either).
    public var subjectYawHighPassRMS: Radians
    /// Sign changes of the commanded yaw rate, each a swing from beyond
    /// +`reversalSpeed` to beyond −`reversalSpeed` or back.
    public var yawRateReversals: Int
    /// The same of the subject's true yaw rate: the reversals it makes.
    public var subjectYawRateReversals: Int

    /// Half a second: a 3 Hz hunt is well inside it, a walker's turn (about a second) mostly outside.
    public static let highPassWindowSeconds: Seconds = 0.5
    /// A rate this small either way is no direction: 10 mrad/s, a third of
    /// the slowest drift the scenes follow.
    public static let reversalSpeed: RadiansPerSecond = 0.01

    public static func measure(_ recording: SceneRecording) -> TrackingSteadiness {
        let ticks = recording.ticks
        let half = Int((highPassWindowSeconds / 2 / recording.tickSeconds).rounded())
        var subjectRates: [RadiansPerSecond] = []
        subjectRates.reserveCapacity(ticks.count)
        for (a, b) in zip(ticks, ticks.dropFirst()) where b.seconds > a.seconds {
            subjectRates.append((b.subjectYaw - a.subjectYaw) / (b.seconds - a.seconds))
        }
        return TrackingSteadiness(
            yawHighPassRMS: highPassRMS(ticks.map(\.standYaw), halfWindow: half),
            subjectYawHighPassRMS: highPassRMS(ticks.map(\.subjectYaw), halfWindow: half),
            yawRateReversals: signReversals(ticks.map(\.commandedYawVelocity), deadband: reversalSpeed),
            subjectYawRateReversals: signReversals(subjectRates, deadband: reversalSpeed))
    }

    /// RMS of each value minus the mean of the `2·halfWindow + 1` values centred on it.
    static func highPassRMS(_ values: [Double], halfWindow: Int) -> Double {
        let width = 2 * halfWindow + 1
        guard values.count >= width else { return .nan }
        // Running sums, subtracted so the window's mean costs one step each.
        var prefix = [0.0]
        prefix.reserveCapacity(values.count + 1)
        for v in values { prefix.append(prefix[prefix.count - 1] + v) }
        var squares = 0.0
        for i in halfWindow..<(values.count - halfWindow) {
            let mean = (prefix[i + halfWindow + 1] - prefix[i - halfWindow]) / Double(width)
            let d = values[i] - mean
            squares += d * d
        }
        return (squares / Double(values.count - 2 * halfWindow)).squareRoot()
    }

    /// Sign changes of `rates`, each counted when the rate passes beyond
    /// `deadband` the other way from the last side it was beyond.
    static func signReversals(_ rates: [Double], deadband: Double) -> Int {
        var side = 0
        var count = 0
        for r in rates {
            let now = r > deadband ? 1 : r < -deadband ? -1 : 0
            guard now != 0 else { continue }
            if side != 0, now != side { count += 1 }
            side = now
        }
        return count
    }
}
