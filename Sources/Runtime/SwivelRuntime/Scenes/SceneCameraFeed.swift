public import SwivelCore
import SwivelProtocol

/// A scene's simulated camera in real time, for the daemon on the simulated
/// board (`make run`): poll it with the stand's clock and measured pose and it
/// hands back the TRACK frames due, as wire bytes for the vision link (its
/// pty, or `LinkHub.receive` on a `.vision` session). Each frame is captured
/// from the pose passed at its capture time and handed back `latency` later.
///
/// The scene repeats when `loops` (the subject jumps back to its start).
/// One thread polls it; it is not shared.
public final class SceneCameraFeed {
    public let scene: Scene
    public let loops: Bool
    private var camera: SimulatedCamera
    private var start: MonotonicInstant?
    private var pending: [CapturedFrame] = []
    private var sequence: UInt16 = 0
    /// The primary subject as the camera last saw it, without detector errors:
    /// its `framingError` is the truth a status line can show beside the stand's own estimate.
    public private(set) var latest: SubjectView?

    public init(scene: Scene, fieldOfView: FieldOfViewTable = .defaults, latencySeconds: Seconds? = nil, loops: Bool = true) {
        self.scene = scene
        self.loops = loops
        camera = SimulatedCamera(scene: scene, fieldOfView: fieldOfView, latencySeconds: latencySeconds)
    }

    /// Frames whose delivery time has come by `now`, encoded; empty when none.
    /// The first call starts the scene.
    public func poll(at now: MonotonicInstant, measured: PerAxis<Radians>) -> [UInt8] {
        let origin = start ?? now
        start = origin
        let elapsed = Double(now.nanoseconds(since: origin)) / 1e9
        let finished = !loops && elapsed > scene.durationSeconds
        // A poll that comes late captures once, not a burst of stale frames.
        if !finished, camera.nextCaptureSeconds <= elapsed {
            while camera.nextCaptureSeconds + 1 / scene.camera.frameRateHz <= elapsed { camera.skipFrame() }
            let sceneTime = loops ? elapsed.truncatingRemainder(dividingBy: scene.durationSeconds) : elapsed
            var frame = camera.capture(at: sceneTime, standYaw: measured.yaw, standPitch: measured.pitch)
            frame.deliverySeconds = elapsed + (frame.deliverySeconds - frame.captureSeconds)
            latest = frame.views.first { $0.id == scene.primarySubjectID }
            if !frame.isDropped { pending.append(frame) }
        }
        var bytes: [UInt8] = []
        while let first = pending.first, first.deliverySeconds <= elapsed {
            sequence &+= 1
            bytes += WireFrame.encode(.track(first.batch), sequence: sequence)
            pending.removeFirst()
        }
        return bytes
    }

    /// When `poll` next has something to do.
    public var nextDeadline: MonotonicInstant? {
        guard let start else { return nil }
        var next = camera.nextCaptureSeconds
        if let first = pending.first { next = min(next, first.deliverySeconds) }
        return start.advanced(byNanoseconds: Int64((next * 1e9).rounded(.up)))
    }
}
