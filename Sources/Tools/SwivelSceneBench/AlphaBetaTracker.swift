import SwivelRuntime
public import SwivelCore
public import SwivelProtocol

/// The second baseline: a textbook latency-compensated tracker, what a careful
/// host would run. On each batch the largest detection's offset (the same
/// `CameraGeometry` as Swivel's) plus the stand's measured pose AT CAPTURE is
/// the subject's world angle; an alpha-beta filter per axis smooths it and
/// estimates its velocity. Every control tick it predicts the subject to now
/// and commands velocity = predicted velocity + K × (predicted angle − measured
/// position) into the stand's mailbox. No acceleration model, no jump test,
/// no still-subject estimate, no residual band. No detection for
/// `lostTimeoutSeconds`: zero velocity.
///
/// The bench sweeps alpha and beta (`sweep`) and takes the best walking RMS
/// per latency, so the comparison is against it at its best.
public struct AlphaBetaTracker: Sendable {
    /// The grid the bench and the tests sweep. It reaches past where the
    /// scenes put the best (α 0.3 β 0.35 on walk, whose changes of pace take a
    /// second; α 0.85 β 0.7 on walk-abrupt's instant ones): α from 0.1 to 1
    /// (the filter then keeps no memory of the angle) and β from 0.02 to 1.2,
    /// inside the stable region β < 4 − 2α, so the best is an interior one
    /// and the comparison is against the baseline at its best.
    public static let alphaSweep = [0.1, 0.2, 0.3, 0.5, 0.7, 0.85, 0.95, 1.0]
    public static let betaSweep = [0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 0.7, 0.9, 1.2]
    /// 1/s: Swivel's own feedback gain, so the comparison is about the estimate.
    public static let defaultGainPerSecond = 10.0
    public static let lostTimeoutSeconds: Seconds = 0.5
    /// Extrapolation past the newest capture is capped, as Swivel's is.
    public static let predictionCapSeconds: Seconds = TrackingController.Parameters().predictionCapSeconds

    struct AxisState: Sendable {
        var isStarted = false
        var time: Seconds = 0
        var angle: Radians = 0
        var velocity: RadiansPerSecond = 0

        mutating func update(at time: Seconds, angle observed: Radians, alpha: Double, beta: Double) {
            guard isStarted else {
                (isStarted, self.time, angle, velocity) = (true, time, observed, 0)
                return
            }
            let d = time - self.time
            guard d > 0 else { return }
            let residual = observed - (angle + velocity * d)
            angle += velocity * d + alpha * residual
            velocity += beta / d * residual
            self.time = time
        }

        func command(at now: Seconds, measured: Radians, gain: Double) -> RadiansPerSecond {
            guard isStarted else { return 0 }
            let h = min(max(now - time, 0), AlphaBetaTracker.predictionCapSeconds)
            return velocity + gain * (angle + velocity * h - measured)
        }
    }

    public let alpha: Double
    public let beta: Double
    public let gainPerSecond: Double
    public let fieldOfView: FieldOfViewTable
    private var yaw = AxisState()
    private var pitch = AxisState()
    private var lastSeen: Seconds = -.infinity

    public init(
        alpha: Double, beta: Double, gainPerSecond: Double = defaultGainPerSecond,
        fieldOfView: FieldOfViewTable = .defaults
    ) {
        self.alpha = alpha
        self.beta = beta
        self.gainPerSecond = gainPerSecond
        self.fieldOfView = fieldOfView
    }

    /// Folds in a batch captured at `captureSeconds`, when the stand measured `pose`.
    public mutating func observe(_ batch: TrackBatch, captureSeconds: Seconds, pose: (yaw: Radians, pitch: Radians)) {
        guard let correction = NaiveTracker.largestCorrection(in: batch, fieldOfView: fieldOfView) else { return }
        yaw.update(at: captureSeconds, angle: pose.yaw + correction.yaw, alpha: alpha, beta: beta)
        pitch.update(at: captureSeconds, angle: pose.pitch + correction.pitch, alpha: alpha, beta: beta)
        lastSeen = captureSeconds
    }

    /// The velocity to command at `now`, with the stand at `measured`.
    public func velocity(at now: Seconds, measured: (yaw: Radians, pitch: Radians)) -> Vector3 {
        guard now - lastSeen <= Self.lostTimeoutSeconds else { return .zero }
        return Vector3(
            pitch: pitch.command(at: now, measured: measured.pitch, gain: gainPerSecond),
            yaw: yaw.command(at: now, measured: measured.yaw, gain: gainPerSecond))
    }
}
