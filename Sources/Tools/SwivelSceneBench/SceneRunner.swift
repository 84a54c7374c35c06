public import SwivelRuntime
public import SwivelBoard
public import SwivelCore
import SwivelHardware
import SwivelProtocol
public import SwivelSimBackend

/// Which controller moves the stand in a scene run.
public enum SceneController: Equatable, Sendable, CustomStringConvertible {
    /// Swivel's own pipeline: every batch goes as TRACK bytes over an on-board
    /// vision session into the `LinkHub` (rate rules, selection, framing,
    /// `.trackTarget`), with system tracking enabled as at boot.
    case swivel
    /// The hobby baseline (`NaiveTracker`): its velocity commands go straight
    /// into the stand's mailbox, as a host's would with system tracking off;
    /// no hub, so nothing of Swivel's tracking runs.
    case naive(gainPerSecond: Double)
    /// The latency-compensated baseline (`AlphaBetaTracker`): commands every
    /// tick into the stand's mailbox, no hub either.
    case alphaBeta(alpha: Double, beta: Double)

    public var description: String {
        switch self {
        case .swivel: "swivel"
        case .naive(let gain): "naive (K = \(fixed(gain, 1))/s)"
        case .alphaBeta(let alpha, let beta): "alpha-beta (α = \(fixed(alpha, 2)), β = \(fixed(beta, 2)))"
        }
    }
}

/// Runs a scene in virtual time: a `VirtualStand` on the given board, the
/// simulated camera looking from its measured pose, and one controller. The
/// same scene, seed and board give the same recording every time.
///
/// Each control period (1 ms on the sim board), in order:
/// 1. batches whose delivery time has come reach the controller;
/// 2. the stand ticks (applies what was posted, moves);
/// 3. a frame due now is captured from the pose the stand just measured;
/// 4. the hub services (replies, telemetry); the tick is recorded.
public final class SceneRunner {
    public let scene: Scene
    public let controller: SceneController
    public let virtual: VirtualStand
    public private(set) var camera: SimulatedCamera
    private let hub: LinkHub?
    private let vision: SessionID?
    private let naive: NaiveTracker?
    private var alphaBeta: AlphaBetaTracker?
    /// Frames on their way, with the stand's measured pose at their capture.
    private var pending: [(frame: CapturedFrame, yaw: Radians, pitch: Radians)] = []
    private var nextPending = 0
    private var sequence: UInt16 = 0
    private var replyDecoder = FrameDecoder()
    private let start: MonotonicInstant
    public private(set) var recording: SceneRecording

    /// - Parameter latencySeconds: overrides the scene's camera latency.
    public init(
        scene: Scene, board: Board, controller: SceneController, latencySeconds: Seconds? = nil,
        fieldOfView: FieldOfViewTable = .defaults
    ) throws(StandSetupError) {
        self.scene = scene
        self.controller = controller
        virtual = try VirtualStand(board: board)
        camera = SimulatedCamera(scene: scene, fieldOfView: fieldOfView, latencySeconds: latencySeconds)
        start = virtual.deadline
        switch controller {
        case .swivel:
            let identity = DeviceIdentity.identity(
                board: board, uuid: DeviceIdentity.derived(from: Array(board.name.utf8)),
                heartbeatTimeoutMilliseconds: 1000, motionStateRateHz: 50)
            let hub = LinkHub(stand: virtual.stand, configuration: LinkConfiguration(identity: identity, fieldOfView: fieldOfView))
            vision = hub.openSession(label: "simulated camera", role: .vision, at: virtual.deadline)
            self.hub = hub
            naive = nil
        case .naive(let gain):
            hub = nil
            vision = nil
            naive = NaiveTracker(gainPerSecond: gain, fieldOfView: fieldOfView)
        case .alphaBeta(let alpha, let beta):
            hub = nil
            vision = nil
            naive = nil
            alphaBeta = AlphaBetaTracker(alpha: alpha, beta: beta, fieldOfView: fieldOfView)
        }
        recording = SceneRecording(
            scene: scene, controller: controller, latencySeconds: camera.latencySeconds,
            tickSeconds: Double(virtual.stand.periodNanoseconds) / 1e9)
        let ticks = Int((scene.durationSeconds / recording.tickSeconds).rounded())
        recording.ticks.reserveCapacity(ticks)
        recording.frames.reserveCapacity(Int(scene.durationSeconds * scene.camera.frameRateHz) + 1)
    }

    /// Scene time of the next tick.
    public var seconds: Seconds { Double(virtual.deadline.nanoseconds(since: start)) / 1e9 }

    /// Runs the whole scene and returns what it recorded.
    public func run() -> SceneRecording {
        let ticks = Int((scene.durationSeconds / recording.tickSeconds).rounded())
        for _ in 0..<ticks { step() }
        return recording
    }

    /// One control period.
    public func step() {
        // Instants computed from float seconds; a nanosecond of slack keeps
        // "due exactly now" from slipping a whole tick.
        let slack = 1e-9
        let now = virtual.deadline
        let t = seconds
        while nextPending < pending.count, pending[nextPending].frame.deliverySeconds <= t + slack {
            deliver(pending[nextPending], at: now)
            nextPending += 1
        }
        if let alphaBeta {
            let measured = virtual.stand.status().measured
            post(alphaBeta.velocity(at: t, measured: (measured.yaw, measured.pitch)))
        }
        if nextPending > 64 {
            pending.removeFirst(nextPending)
            nextPending = 0
        }

        virtual.tick()
        collectNaiveReplies()

        let status = virtual.stand.status()
        let pose = (yaw: status.measured.yaw, pitch: status.measured.pitch)
        if camera.nextCaptureSeconds <= t + slack {
            let frame = camera.capture(at: t, standYaw: pose.yaw, standPitch: pose.pitch)
            if !frame.isDropped { pending.append((frame, pose.yaw, pose.pitch)) }
            let primary = frame.views.first { $0.id == scene.primarySubjectID }
            recording.frames.append(SceneRecording.Frame(
                captureSeconds: t, framingError: primary?.framingError ?? 0, inFrame: primary?.inFrame ?? false,
                observations: frame.batch.observations.count))
        }

        if let hub, let vision {
            hub.service(at: now)
            countReplies(hub.takeOutput(for: vision))
        }
        if let subject = scene.primarySubject {
            let view = camera.view(of: subject, at: t, standYaw: pose.yaw, standPitch: pose.pitch)
            recording.ticks.append(SceneRecording.Tick(
                seconds: t, subjectYaw: view.worldYaw, subjectPitch: view.worldPitch, standYaw: pose.yaw,
                standPitch: pose.pitch, framingError: view.framingError, inFrame: view.inFrame,
                commandedYawVelocity: status.commanded.yaw.velocity))
        }
    }

    private var naiveTickets: [CommandTicket] = []

    private func deliver(_ arrival: (frame: CapturedFrame, yaw: Radians, pitch: Radians), at now: MonotonicInstant) {
        let batch = arrival.frame.batch
        if let hub, let vision {
            sequence &+= 1
            hub.receive(WireFrame.encode(.track(batch), sequence: sequence), from: vision, at: now)
            countReplies(hub.takeOutput(for: vision))
        } else if let naive {
            post(naive.velocity(for: batch))
        } else if alphaBeta != nil {
            alphaBeta?.observe(batch, captureSeconds: arrival.frame.captureSeconds, pose: (arrival.yaw, arrival.pitch))
        }
    }

    /// A baseline's velocity command, into the mailbox as a host's would go.
    private func post(_ velocity: Vector3) {
        do {
            naiveTickets.append(try virtual.stand.post(.setAngularVelocity(velocity)))
        } catch {
            recording.commandsRejected += 1
        }
    }

    private func collectNaiveReplies() {
        naiveTickets.removeAll { ticket in
            guard let reply = virtual.stand.takeReply(ticket) else { return false }
            if case .failure = reply { recording.commandsRejected += 1 }
            return true
        }
    }

    private func countReplies(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        var replies: [String] = []
        replyDecoder.feed(bytes) { frame in
            switch try? AccessoryMessage.decode(messageID: frame.header.messageID, payload: frame.payloadBytes()) {
            case .ack?: replies.append("ack")
            case .error(let e)?: replies.append(e.code.description)
            default: break
            }
        }
        for reply in replies { recording.replies[reply, default: 0] += 1 }
    }
}
