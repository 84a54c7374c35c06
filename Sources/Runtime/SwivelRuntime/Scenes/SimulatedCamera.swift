public import SwivelCore
public import SwivelProtocol

/// A phone camera on the simulated stand and its detector: from the subjects'
/// world directions and the stand's REAL pose, the observations it would
/// report. Pure and deterministic for a seed: the noise and dropouts drawn for
/// a frame do not depend on the pose, so two controllers run through the same
/// scene see the same detector errors.
///
/// The model is the one `CameraGeometry` inverts: a pan shifts a subject's
/// horizontal image angle by the pan, a tilt shifts its vertical angle by the
/// tilt (exact for a pure pan or a pure tilt; the coupling of the two, small
/// within the stand's ±0.7 rad of pitch, is left out on both sides).
public struct SimulatedCamera {
    public let camera: SceneCamera
    public let subjects: [SceneSubject]
    public let fieldOfView: FieldOfViewTable
    public let latencySeconds: Seconds
    private var random: SceneRandom
    /// The sender's timing (jitter, stalls, dropped frames) draws from its own
    /// stream, so a steady scene's detector errors are what they always were.
    private var timing: SceneRandom
    /// When the previous batch sent reached the stand: batches arrive in order.
    private var lastDeliverySeconds = -Double.infinity
    private var lastCaptureSeconds = -Double.infinity
    private var frameIndex = 0

    /// - Parameter latencySeconds: overrides the scene's (the bench runs each scene at 33 and 100 ms).
    public init(scene: Scene, fieldOfView: FieldOfViewTable = .defaults, latencySeconds: Seconds? = nil) {
        camera = scene.camera
        subjects = scene.subjects
        self.fieldOfView = fieldOfView
        self.latencySeconds = latencySeconds ?? scene.camera.latencySeconds
        random = SceneRandom(seed: scene.camera.seed)
        timing = SceneRandom(seed: scene.camera.seed ^ Self.timingSeedSalt)
    }

    static let timingSeedSalt: UInt64 = 0x7469_6D69_6E67_0001

    /// Skips the next frame: a real-time caller that fell behind (its noise is
    /// still drawn, so the frames after it stay the same).
    public mutating func skipFrame() {
        for _ in subjects {
            _ = random.gaussian()
            _ = random.gaussian()
            _ = random.uniform()
        }
        _ = drawTiming()
        frameIndex += 1
    }

    /// This frame's extra delay and whether it is sent: three uniforms a frame, always.
    private mutating func drawTiming() -> (extra: Seconds, dropped: Bool) {
        let jitter = timing.uniform() * camera.latencyJitterSeconds
        let stalled = timing.uniform() < camera.stallProbability
        let dropped = timing.uniform() < camera.frameDropProbability
        return (jitter + (stalled ? camera.stallSeconds : 0), dropped)
    }

    /// When the next frame is captured, in scene seconds.
    public var nextCaptureSeconds: Seconds { Double(frameIndex) / camera.frameRateHz }

    public var framesCaptured: Int { frameIndex }

    /// Captures the next frame at `time` (at or just after `nextCaptureSeconds`)
    /// with the stand at `standYaw`, `standPitch`.
    public mutating func capture(at time: Seconds, standYaw: Radians, standPitch: Radians) -> CapturedFrame {
        frameIndex += 1
        var observations: [Observation] = []
        var views: [SubjectView] = []
        for subject in subjects {
            // Drawn for every subject every frame, visible or not: see the type's comment.
            let noiseX = random.gaussian() * camera.noiseSigma
            let noiseY = random.gaussian() * camera.noiseSigma
            let dropped = random.uniform() < camera.dropoutProbability
            let view = self.view(of: subject, at: time, standYaw: standYaw, standPitch: standPitch)
            views.append(view)
            guard view.inFrame, !dropped, var rect = view.bufferRect else { continue }
            rect.x += noiseX
            rect.y += noiseY
            observations.append(Observation(
                identifier: subject.id, kind: subject.kind, rect: rect,
                speakingConfidence: subject.speaking?.confidence(at: time)))
        }
        let (extra, frameDropped) = drawTiming()
        // A looping scene starts its time again: so does the order of its batches.
        if time < lastCaptureSeconds { lastDeliverySeconds = -.infinity }
        lastCaptureSeconds = time
        var delivery = time + latencySeconds + extra
        if !frameDropped {
            delivery = max(delivery, lastDeliverySeconds)
            lastDeliverySeconds = delivery
        }
        // The sender knows how old the image is when it sends it, however late.
        let age = UInt32(clamping: Int64(((delivery - time) * 1e6).rounded()))
        let batch = TrackBatch(captureAgeMicroseconds: age, camera: camera.information, observations: observations)
        return CapturedFrame(
            captureSeconds: time, deliverySeconds: delivery, batch: batch, views: views, isDropped: frameDropped)
    }

    /// What the camera sees of `subject`, without detector errors.
    public func view(of subject: SceneSubject, at time: Seconds, standYaw: Radians, standPitch: Radians) -> SubjectView {
        let world = subject.path.position(at: time)
        let angles = Self.imageAngles(
            subjectYaw: world.yaw, subjectPitch: world.pitch, standYaw: standYaw, standPitch: standPitch,
            position: camera.position)
        let info = camera.information
        guard abs(angles.horizontal) < Self.edgeOfView, abs(angles.vertical) < Self.edgeOfView else {
            return SubjectView(id: subject.id, worldYaw: world.yaw, worldPitch: world.pitch, angles: angles,
                               uprightCentre: nil, uprightRect: nil, bufferRect: nil,
                               framingError: angles.horizontal > 0 ? 1 : -1)
        }
        let centre = CameraGeometry.uprightPoint(at: angles, camera: info, fieldOfView: fieldOfView)
        let low = CameraGeometry.uprightPoint(
            at: ImageAngles(horizontal: Self.inView(angles.horizontal - subject.widthRadians / 2),
                            vertical: Self.inView(angles.vertical - subject.heightRadians / 2)),
            camera: info, fieldOfView: fieldOfView)
        let high = CameraGeometry.uprightPoint(
            at: ImageAngles(horizontal: Self.inView(angles.horizontal + subject.widthRadians / 2),
                            vertical: Self.inView(angles.vertical + subject.heightRadians / 2)),
            camera: info, fieldOfView: fieldOfView)
        // A detector reports the part of a subject inside the frame.
        let x0 = max(0, min(low.x, high.x)), x1 = min(1, max(low.x, high.x))
        let y0 = max(0, min(low.y, high.y)), y1 = min(1, max(low.y, high.y))
        let inFrame = centre.x >= 0 && centre.x <= 1 && centre.y >= 0 && centre.y <= 1
        var upright: NormalizedRectLowerLeft?
        var buffer: NormalizedRectLowerLeft?
        if inFrame, x1 > x0, y1 > y0 {
            let rect = NormalizedRectLowerLeft(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            upright = rect
            buffer = Self.buffer(rect, orientation: camera.orientation)
        }
        return SubjectView(
            id: subject.id, worldYaw: world.yaw, worldPitch: world.pitch, angles: angles, uprightCentre: centre,
            uprightRect: upright, bufferRect: buffer, framingError: max(-1, min(1, centre.x - 0.5)))
    }

    /// Where a subject lies relative to the optical axis: the stand-correction
    /// rules of docs/TRACKING.md inverted. Yaw turns every camera's view the
    /// same way; +pitch tilts the back camera's view down (its optical axis
    /// sits at elevation −pitch) and the front camera's up (+pitch).
    public static func imageAngles(
        subjectYaw: Radians, subjectPitch: Radians, standYaw: Radians, standPitch: Radians,
        position: CameraInformation.Position
    ) -> ImageAngles {
        let horizontal = subjectYaw - standYaw
        switch position {
        case .back: return ImageAngles(horizontal: horizontal, vertical: subjectPitch + standPitch)
        case .front: return ImageAngles(horizontal: horizontal, vertical: subjectPitch - standPitch)
        }
    }

    /// The stand pose that puts a subject on the optical axis.
    public static func centringPose(
        subjectYaw: Radians, subjectPitch: Radians, position: CameraInformation.Position
    ) -> (yaw: Radians, pitch: Radians) {
        switch position {
        case .back: (subjectYaw, -subjectPitch)
        case .front: (subjectYaw, subjectPitch)
        }
    }

    /// Rays this far from the optical axis or further miss a pinhole image.
    static let edgeOfView = 1.5
    private static func inView(_ radians: Radians) -> Radians { max(-edgeOfView, min(edgeOfView, radians)) }

    /// Upright rect → buffer rect, through its corners.
    static func buffer(_ rect: NormalizedRectLowerLeft, orientation: CameraInformation.Orientation) -> NormalizedRectLowerLeft {
        let a = CameraGeometry.buffer(NormalizedPointLowerLeft(x: rect.x, y: rect.y), orientation: orientation)
        let b = CameraGeometry.buffer(
            NormalizedPointLowerLeft(x: rect.x + rect.width, y: rect.y + rect.height), orientation: orientation)
        return NormalizedRectLowerLeft(
            x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}

/// One subject as the camera sees it, without detector errors.
public struct SubjectView: Equatable, Sendable {
    public var id: Int64
    public var worldYaw: Radians
    public var worldPitch: Radians
    public var angles: ImageAngles
    /// The subject's centre in the upright image, unclipped (beyond 0…1 when
    /// out of frame); nil when it lies too far to the side for the image plane.
    public var uprightCentre: NormalizedPointLowerLeft?
    /// The visible part, clipped to the frame; nil when out of frame.
    public var uprightRect: NormalizedRectLowerLeft?
    public var bufferRect: NormalizedRectLowerLeft?
    /// Horizontal distance from the framing target (the centre) in fractions of
    /// the frame width, signed (right +), clamped to ±1.
    public var framingError: Double

    public var inFrame: Bool { uprightRect != nil }
}

/// One camera frame: what the detector reports and when it reaches the stand.
public struct CapturedFrame: Equatable, Sendable {
    public var captureSeconds: Seconds
    public var deliverySeconds: Seconds
    public var batch: TrackBatch
    /// Every subject, visible or not, in scene order: the truth the metrics use.
    public var views: [SubjectView]
    /// Never sent (`frameDropProbability`): captured for the metrics only.
    public var isDropped: Bool = false
}
