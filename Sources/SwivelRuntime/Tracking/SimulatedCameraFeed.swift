import SwivelCore
public import SwivelHardware
import SwivelPorts
import SwivelProtocol
import Synchronization

/// The simulated board's vision co-processor: a thread that plays a scene
/// through `SimulatedCamera` in real time, against the stand's measured pose,
/// and sends each batch over the vision link's pty as TRACK frames, as a real
/// co-processor would over its UART. The scene starts again when it ends.
///
/// It reads the replies too (a pty nobody reads fills up) and counts the
/// errors, so the daemon can show them.
public final class SimulatedCameraFeed: @unchecked Sendable {
    public struct Status: Equatable, Sendable {
        public var sceneName = ""
        public var batchesSent: UInt64 = 0
        /// Batches answered with an ERR (no subject in frame, a late batch, …).
        public var errorReplies: UInt64 = 0
        /// The primary subject's signed horizontal framing error in the last frame, fraction of the frame width.
        public var framingError: Double?
        public var laps: UInt64 = 0
    }

    private let scene: Scene
    private let stand: Stand
    private let clock: any MonotonicClock
    private let channel: FileChannel
    private let waker: PollWaker
    private let stopping = Atomic(false)
    private let published = Mutex(Status())
    private var thread: RealtimeThread?

    /// - Parameter visionPath: the vision link's pty (the path `LinkServer` links).
    public init(scene: Scene, stand: Stand, visionPath: String, clock: any MonotonicClock) throws(PortError) {
        self.scene = scene
        self.stand = stand
        self.clock = clock
        channel = try SerialPort.open(path: visionPath, baudRate: 921_600)
        waker = try PollWaker()
        published.withLock { $0.sceneName = scene.name }
    }

    public func status() -> Status { published.withLock { $0 } }

    public func start() throws(RealtimeLoopError) {
        thread = try RealtimeThread.spawn(name: "swivel-camera", request: .none, stackBytes: 256 * 1024) { [self] in run() }
    }

    public func stop() {
        stopping.store(true, ordering: .releasing)
        waker.wake()
        thread?.join()
        thread = nil
        channel.close()
    }

    private func run() {
        var camera = SimulatedCamera(scene: scene)
        var lapStart = clock.now()
        var pending: [CapturedFrame] = []
        var sequence: UInt16 = 0
        var decoder = FrameDecoder()
        var buffer = [UInt8](repeating: 0, count: 1024)
        // A clean start for the link's decoder, as PROTOCOL.md asks of a sender.
        try? channel.write(all: [0], timeoutMilliseconds: 100)
        while !stopping.load(ordering: .acquiring) {
            let now = clock.now()
            var sceneTime = Double(now.nanoseconds(since: lapStart)) / 1e9
            if sceneTime >= scene.durationSeconds {
                camera = SimulatedCamera(scene: scene)
                lapStart = now
                sceneTime = 0
                pending.removeAll()
                published.withLock { $0.laps &+= 1 }
            }
            if sceneTime >= camera.nextCaptureSeconds {
                let measured = stand.status().measured
                let frame = camera.capture(at: sceneTime, standYaw: measured.yaw, standPitch: measured.pitch)
                let error = frame.views.first { $0.id == scene.primarySubjectID }.map(\.framingError)
                published.withLock { $0.framingError = error }
                pending.append(frame)
            }
            while let first = pending.first, first.deliverySeconds <= sceneTime {
                pending.removeFirst()
                sequence &+= 1
                if (try? channel.write(all: WireFrame.encode(.track(first.batch), sequence: sequence), timeoutMilliseconds: 100)) != nil {
                    published.withLock { $0.batchesSent &+= 1 }
                }
            }
            drainReplies(&decoder, &buffer)
            let nextCapture = camera.nextCaptureSeconds
            let nextDelivery = pending.first?.deliverySeconds ?? nextCapture
            let waitSeconds = max(0, min(nextCapture, nextDelivery) - sceneTime)
            var poll = PollSet()
            _ = poll.add(waker.fileDescriptor)
            _ = poll.add(channel.fileDescriptor)
            _ = try? poll.wait(timeoutMilliseconds: Int32(min(waitSeconds * 1000, 50).rounded(.up)))
        }
    }

    private func drainReplies(_ decoder: inout FrameDecoder, _ buffer: inout [UInt8]) {
        while let count = try? channel.read(into: &buffer), count > 0 {
            decoder.feed(buffer[0..<count]) { frame in
                if frame.header.messageID == MessageID.error.rawValue {
                    published.withLock { $0.errorReplies &+= 1 }
                }
            }
        }
    }
}
