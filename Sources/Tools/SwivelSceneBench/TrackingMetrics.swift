import SwivelRuntime
public import SwivelCore

/// How well a run framed its scene's primary subject. Definitions are in
/// docs/TRACKING.md, "Simulated camera and scenes".
public struct TrackingMetrics: Equatable, Sendable {
    /// Root mean square of the per-frame framing error, fraction of frame width.
    public var rmsFramingError: Double
    /// Frames with the subject's centre inside the frame, 0…1.
    public var timeInFrame: Double
    /// After each jump of the subject: until the framing error is within
    /// `settleBand` for good (the rest of the hold). The worst over the scene's
    /// steps; nil without a step; `.infinity` when it never settles.
    public var settleSeconds: Double?
    /// How far the camera's yaw goes past the subject's after a jump, percent
    /// of the jump (0 when it never passes). The worst over the steps; nil without one.
    public var overshootPercent: Double?
    /// Yaw plus pitch travel, measured through the encoders, radians.
    public var motorTravelRadians: Double
    /// Direction reversals of a swing of at least `reversalBand` (of the frame
    /// width) on yaw or pitch, while the subject stands still, from
    /// `stillAllowanceSeconds` after it stopped. nil when it never stands still that long.
    public var stillReversals: Int?
    /// The longest run of ticks, seconds, with the commanded yaw velocity
    /// exactly 0 while the primary subject's yaw moves. nil when it never moves.
    public var longestHoldSeconds: Double?
    /// Scene time the longest hold began.
    public var longestHoldStartSeconds: Double?
    /// The same, counted only while the subject's yaw moves at least
    /// `driftSpeed`: the slowest drift issue 13's target names. A start from
    /// rest spends its first few tenths of a second slower than that, under
    /// the detector's jitter, where no tracker can tell it from still without
    /// hunting on a still subject (docs/TRACKING.md, "Measured").
    public var longestHoldDriftingSeconds: Double?
    /// |mean framing error| over the same still windows as `stillReversals`,
    /// fraction of the frame width: the offset a still subject is held at.
    public var stillOffset: Double?
    /// The largest change of commanded yaw velocity between two ticks, per
    /// second: what the limiter let through, to hold against the axis's cap.
    public var peakCommandedYawAcceleration: Double

    /// The slowest drift the hold target is about, rad/s.
    public static let driftSpeed = 0.03
    /// 2% of the frame width.
    public static let settleBand = 0.02
    /// A quarter of a percent of the frame width: about 5 pixels of a 1920-wide
    /// frame, visible as jitter in a video.
    public static let reversalBand = 0.0025
    /// Time to acquire a subject that stopped before holding still is judged.
    public static let stillAllowanceSeconds = 2.0
    /// A still window shorter than this, after the allowance, is not judged.
    public static let minimumStillSeconds = 0.5

    public static func measure(_ recording: SceneRecording, fieldOfView: FieldOfViewTable = .defaults) -> TrackingMetrics {
        let frames = recording.frames
        let squares = frames.reduce(0.0) { $0 + $1.framingError * $1.framingError }
        let rms = frames.isEmpty ? .nan : (squares / Double(frames.count)).squareRoot()
        let inFrame = frames.isEmpty ? .nan : Double(frames.filter(\.inFrame).count) / Double(frames.count)

        var travel = 0.0
        var peakAcceleration = 0.0
        for (a, b) in zip(recording.ticks, recording.ticks.dropFirst()) {
            travel += abs(b.standYaw - a.standYaw) + abs(b.standPitch - a.standPitch)
            let dt = b.seconds - a.seconds
            if dt > 0 { peakAcceleration = max(peakAcceleration, abs(b.commandedYawVelocity - a.commandedYawVelocity) / dt) }
        }
        let hold = longestHold(recording.ticks)

        var settle: Double?
        var overshoot: Double?
        if let subject = recording.scene.primarySubject {
            for step in subject.path.steps where step.yaw != 0 {
                let end = subject.path.nextChange(after: step.timeSeconds) ?? recording.scene.durationSeconds
                let window = recording.ticks.filter { $0.seconds >= step.timeSeconds && $0.seconds < end }
                guard !window.isEmpty else { continue }
                let s = settleTime(window, from: step.timeSeconds, tick: recording.tickSeconds)
                settle = max(settle ?? 0, s)
                let direction: Double = step.yaw > 0 ? 1 : -1
                let past = window.map { ($0.standYaw - $0.subjectYaw) * direction }.max() ?? 0
                overshoot = max(overshoot ?? 0, max(0, past) / abs(step.yaw) * 100)
            }
        }

        let band = reversalAngle(recording.scene.camera, fieldOfView: fieldOfView)
        var reversals: Int?
        var stillSum = 0.0, stillTicks = 0
        for window in stillWindows(recording.scene) {
            let ticks = recording.ticks.filter { $0.seconds >= window.lowerBound && $0.seconds < window.upperBound }
            guard !ticks.isEmpty else { continue }
            let count = Self.reversals(ticks.map(\.standYaw), band: band) + Self.reversals(ticks.map(\.standPitch), band: band)
            reversals = (reversals ?? 0) + count
            stillSum += ticks.reduce(0) { $0 + $1.framingError }
            stillTicks += ticks.count
        }

        return TrackingMetrics(
            rmsFramingError: rms, timeInFrame: inFrame, settleSeconds: settle, overshootPercent: overshoot,
            motorTravelRadians: travel, stillReversals: reversals, longestHoldSeconds: hold?.seconds,
            longestHoldStartSeconds: hold?.start,
            longestHoldDriftingSeconds: longestHold(recording.ticks, minimumSpeed: driftSpeed)?.seconds,
            stillOffset: stillTicks > 0 ? abs(stillSum / Double(stillTicks)) : nil,
            peakCommandedYawAcceleration: peakAcceleration)
    }

    /// The longest run of `ticks` with the commanded yaw velocity exactly 0
    /// while the subject's yaw moves faster than `minimumSpeed` (by default
    /// 1 µrad/s: a smoothed path's still parts carry rounding, not motion),
    /// and when it began; nil when the subject never moves that fast.
    public static func longestHold(
        _ ticks: [SceneRecording.Tick], minimumSpeed: RadiansPerSecond = 1e-6
    ) -> (seconds: Double, start: Double)? {
        var run = 0.0
        var longest: (seconds: Double, start: Double)?
        for (a, b) in zip(ticks, ticks.dropFirst()) {
            let dt = b.seconds - a.seconds
            let moves = abs(b.subjectYaw - a.subjectYaw) > minimumSpeed * dt
            run = moves && b.commandedYawVelocity == 0 ? run + dt : 0
            if moves, run > longest?.seconds ?? -1 { longest = (run, b.seconds - run) }
        }
        return longest
    }

    /// From `start` to the end of the last tick outside the band; infinity when the last tick is outside.
    static func settleTime(_ window: [SceneRecording.Tick], from start: Seconds, tick: Seconds) -> Double {
        guard let last = window.lastIndex(where: { abs($0.framingError) > settleBand }) else { return 0 }
        if last == window.count - 1 { return .infinity }
        return window[last].seconds + tick - start
    }

    /// Turning points of `values` whose swing from the previous extreme is at least `band`.
    static func reversals(_ values: [Double], band: Double) -> Int {
        guard let first = values.first else { return 0 }
        var high = first, low = first
        var direction = 0  // +1 rising, −1 falling, 0 until the first swing of `band`
        var extreme = first
        var count = 0
        for v in values {
            switch direction {
            case 0:
                high = max(high, v)
                low = min(low, v)
                if high - low >= band {
                    direction = v == high ? 1 : -1
                    extreme = v
                }
            case 1:
                if v > extreme {
                    extreme = v
                } else if extreme - v >= band {
                    count += 1
                    direction = -1
                    extreme = v
                }
            default:
                if v < extreme {
                    extreme = v
                } else if v - extreme >= band {
                    count += 1
                    direction = 1
                    extreme = v
                }
            }
        }
        return count
    }

    /// `reversalBand` of the frame width as an angle at the centre of the upright image.
    static func reversalAngle(_ camera: SceneCamera, fieldOfView: FieldOfViewTable) -> Radians {
        CameraGeometry.angles(
            ofUpright: NormalizedPointLowerLeft(x: 0.5 + reversalBand, y: 0.5), camera: camera.information,
            fieldOfView: fieldOfView
        ).horizontal
    }

    /// When the primary subject holds still, minus the allowance at the start of each hold.
    static func stillWindows(_ scene: Scene) -> [Range<Seconds>] {
        guard let subject = scene.primarySubject else { return [] }
        let points = subject.path.points
        // Still segments, merged while the subject neither moves nor jumps.
        var holds: [(range: Range<Seconds>, yaw: Double, pitch: Double)] = []
        for (i, p) in points.enumerated() {
            let end = i + 1 < points.count ? points[i + 1].timeSeconds : scene.durationSeconds
            guard end > p.timeSeconds else { continue }
            if i + 1 < points.count, points[i + 1].yaw != p.yaw || points[i + 1].pitch != p.pitch { continue }
            if let last = holds.last, last.range.upperBound == p.timeSeconds, last.yaw == p.yaw, last.pitch == p.pitch {
                holds[holds.count - 1].range = last.range.lowerBound..<end
            } else {
                holds.append((p.timeSeconds..<end, p.yaw, p.pitch))
            }
        }
        // A smoothed path still moves for half the blend past each end of a hold.
        let blend = subject.path.smoothingSeconds / 2
        return holds.compactMap { hold in
            let from = hold.range.lowerBound + blend + stillAllowanceSeconds
            let to = min(hold.range.upperBound - blend, scene.durationSeconds)
            return to - from >= minimumStillSeconds ? from..<to : nil
        }
    }
}
