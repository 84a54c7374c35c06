import SwivelCore
import SwivelProtocol

/// Observation batches in, a target for the motion loop and the tracking
/// state hosts see out. Runs on the link thread (it allocates per batch); the
/// real-time loop only ever receives the small `TrackingTarget` it produces.
///
/// The steps: the source's rate rules, rects rotated into the upright image,
/// the selector's ranking and lock, the framing target inside the region of
/// interest, and the stand correction that would bring the framed subject's
/// reference point onto that target (docs/TRACKING.md).
struct TrackingPipeline {
    enum Source: Hashable {
        case vision
        case host(SessionID)

        var camera: Camera {
            switch self {
            case .vision: .onBoard
            case .host: .host
            }
        }
    }

    /// Whose camera a batch comes from. Each has its own selector (its own
    /// identifiers and UUIDs), so the on-board camera's subjects, still reported
    /// while a host's `track()` drives, never mix with the host's.
    enum Camera: Hashable {
        case onBoard
        case host
    }

    struct Outcome {
        /// What to post to the loop: a target, or `trackLost`; nil when the batch only feeds the tracking state.
        var command: MotionCommand?
        /// The reply's error, when there is one (an applied batch may still carry `frameRateTooLow`).
        var error: (code: SwivelError.Code, reason: String)?
    }

    var framingMode: FramingMode = .automatic
    private(set) var regionOfInterest: NormalizedRectUpperLeft = .fullFrame
    private var selectors: [Camera: SubjectSelector] = [:]
    /// Seeds each camera's selector: random per host session, so its UUIDs are too.
    private var seeds: SplitMix64
    private var gates: [Source: ObservationRateGate] = [:]
    let fieldOfView: FieldOfViewTable
    /// The last batch's subjects, ranked, and when it was captured (stand clock).
    private(set) var latest: (selection: SubjectSelector.Selection, capturedAt: Seconds)?
    private var lastFramedAt: Seconds?
    /// Nobody framed for this long before the loop is told to brake: the
    /// controller predicts through a dropout of a frame or two instead.
    static let lostGraceSeconds: Seconds = 0.3

    init(fieldOfView: FieldOfViewTable, seed: UInt64) {
        self.fieldOfView = fieldOfView
        seeds = SplitMix64(seed: seed)
    }

    /// - Parameters:
    ///   - drives: whether this source may move the motors now (the mode rules).
    ///   - captureTime: the batch's capture instant on the stand's motion time (for the controller).
    ///   - linkArrival: its arrival on the link's monotonic clock, seconds: the
    ///     rate rules' clock. Not motion time, which falls behind the clock
    ///     whenever the loop skips deadlines, and would make a 30 fps sender
    ///     look faster than it is.
    mutating func process(
        _ batch: TrackBatch, from source: Source, captureTime: Seconds, linkArrival: Seconds, drives: Bool
    ) -> Outcome {
        var gate = gates[source] ?? ObservationRateGate()
        let age = Double(batch.captureAgeMicroseconds) / 1e6
        let verdict = gate.admit(capturedAt: linkArrival - age, arrivedAt: linkArrival)
        gates[source] = gate
        if verdict == .rejectedFrameRateTooHigh {
            return Outcome(error: (.frameRateTooHigh, "observation batches were captured faster than 30 a second (the burst of 10 is used up); this batch was dropped"))
        }
        for observation in batch.observations where !CameraGeometry.isValid(observation.rect) {
            return Outcome(error: (.invalidParameter, "observation \(observation.identifier) has a rect that is not finite or not inside the image"))
        }
        let upright = batch.observations.map { observation -> Observation in
            var turned = observation
            turned.rect = CameraGeometry.upright(observation.rect, orientation: batch.camera.orientation)
            return turned
        }
        // Ranking needs a target before it knows whom it frames: a face's.
        let provisional = FramingTarget.point(
            mode: framingMode, regionOfInterest: regionOfInterest, kind: .humanFace, faceYawRadians: nil, isGroup: false)
        var selector = selector(for: source.camera)
        let selection = selector.update(with: upright, framingTarget: provisional, at: captureTime)
        selectors[source.camera] = selector
        latest = (selection, captureTime)
        let tooLow = verdict == .acceptedButFrameRateTooLow
            ? (SwivelError.Code.frameRateTooLow, "observation batches were captured slower than 10 a second (over 100 ms since the previous one, or the last 10 intervals over 1 s); applied")
            : nil

        guard let framed = framedSubject(selection) else {
            let lost = lastFramedAt.map { captureTime - $0 >= Self.lostGraceSeconds } ?? true
            return Outcome(
                command: drives && lost ? .trackLost : nil,
                error: Self.nobodyFramed(selection, mode: selector.mode).map { (.noSubjectFound, $0) } ?? tooLow)
        }
        lastFramedAt = captureTime
        let reference = FramingTarget.referencePoint(of: framed.rect, kind: framed.kind)
        let target = FramingTarget.point(
            mode: framingMode, regionOfInterest: regionOfInterest, kind: framed.kind,
            faceYawRadians: framed.faceYaw, isGroup: selection.isGroup)
        let correction = CameraGeometry.standCorrection(
            bringing: CameraGeometry.angles(ofUpright: reference, camera: batch.camera, fieldOfView: fieldOfView),
            to: CameraGeometry.angles(ofUpright: target, camera: batch.camera, fieldOfView: fieldOfView),
            position: batch.camera.position)
        let command = MotionCommand.trackTarget(TrackingTarget(
            capturedAt: captureTime, yawCorrection: correction.yaw, pitchCorrection: correction.pitch))
        return Outcome(command: drives ? command : nil, error: tooLow)
    }

    /// Why nobody is framed, as the reply's reason; nil when the batch is fine
    /// and the answer is ACK: automatic selection holds an absent primary's
    /// place for its grace (0.3 s) before a subject present takes over, so the
    /// first batches naming only a new identifier are acknowledged (they are
    /// applied: the newcomer is ranked and reported) while the stand keeps to
    /// the primary's prediction. docs/TRACKING.md, "From a batch to the loop".
    private static func nobodyFramed(_ selection: SubjectSelector.Selection, mode: SubjectSelector.Mode) -> String? {
        if selection.subjects.isEmpty { return "no subject in this batch" }
        switch mode {
        case .automatic: return nil
        case .locked: return "the selected subjects are not in this batch"
        case .lockEnded:
            return "the selected subjects are gone (unseen for over 1 s): select again, or select none for automatic selection"
        }
    }

    private func framedSubject(_ selection: SubjectSelector.Selection) -> (rect: NormalizedRectLowerLeft, kind: Observation.Kind, faceYaw: Double?)? {
        guard let first = selection.framed.first else { return nil }
        if selection.isGroup, let group = selection.groupRect {
            return (group, FramingTarget.referenceKind(ofGroup: selection.framed.map(\.observationKind)), nil)
        }
        return (first.rect, first.observationKind, first.faceYawRadians)
    }

    mutating func setRegionOfInterest(_ roi: NormalizedRectUpperLeft) throws(SwivelError) {
        try FramingTarget.validate(roi)
        regionOfInterest = roi
    }

    /// - Parameter camera: the camera that drives now (the on-board one while system tracking is on).
    mutating func selectSubjects(_ ids: [WireUUID], on camera: Camera) throws(SwivelError) {
        var selector = selector(for: camera)
        try selector.selectSubjects(ids.compactMap { SubjectUUID(bytes: $0.bytes) })
        selectors[camera] = selector
    }

    mutating func selectSubject(at point: NormalizedPointUpperLeft, on camera: Camera) throws(SwivelError) -> SubjectUUID {
        var selector = selector(for: camera)
        let uuid = try selector.selectSubject(at: point)
        selectors[camera] = selector
        return uuid
    }

    private mutating func selector(for camera: Camera) -> SubjectSelector {
        if let existing = selectors[camera] { return existing }
        return SubjectSelector(seed: seeds.next())
    }

    /// The tracking state hosts receive: the latest batch's subjects, if it is recent.
    func trackingState(at standTime: Seconds) -> TrackingStateReport? {
        guard let latest, standTime - latest.capturedAt < 1 else { return nil }
        let subjects = latest.selection.subjects.map { subject in
            TrackingStateReport.Subject(
                uuid: WireUUID(bytes: subject.uuid.bytes) ?? .zero, kind: subject.kind == .person ? .person : .object,
                rect: subject.rect, saliencyRank: subject.saliencyRank.map { UInt8(clamping: $0) },
                speakingConfidence: subject.speakingConfidence, lookingAtCameraConfidence: subject.lookingAtCameraConfidence)
        }
        return TrackingStateReport(timeMicroseconds: LinkHub.microseconds(standTime), subjects: subjects)
    }

    /// A new host session: defaults, forget every subject, new UUIDs.
    mutating func reset(seed: UInt64) {
        framingMode = .automatic
        regionOfInterest = .fullFrame
        seeds = SplitMix64(seed: seed)
        selectors = [:]
        gates = [:]
        latest = nil
        lastFramedAt = nil
    }
}
