import SwivelCore
public import SwivelHardware
public import SwivelPorts
import SwivelProtocol
import Synchronization
import SwivelSync
import SwivelPOSIX
import SwivelLoop
import SwivelStand

/// The simulated board's vision co-processor: a thread that plays a scene
/// (`SceneCameraFeed`) in real time against the stand's measured pose and
/// writes its TRACK frames to the vision link's pty, as a real co-processor
/// would to its UART. The scene starts again when it ends.
///
/// It reads the replies too (a pty nobody reads fills up) and counts the
/// errors, so the daemon can show them.
public final class SimulatedCameraFeed: @unchecked Sendable {
    public struct Status: Equatable, Sendable {
        /// Writes of one or more TRACK frames to the vision link.
        public var framesSent: UInt64 = 0
        /// Batches answered with an ERR (no subject in frame, a late batch, …).
        public var errorReplies: UInt64 = 0
        /// The primary subject's signed horizontal framing error in the last frame, fraction of the frame width.
        public var framingError: Double?
    }

    private let feed: SceneCameraFeed
    private let stand: Stand
    private let clock: any MonotonicClock
    private let channel: FileChannel
    private let waker: PollWaker
    private let stopping = Atomic(false)
    private let published = PIMutex(Status())
    private var thread: POSIXThread?

    /// - Parameter visionPath: the vision link's pty (the path `LinkServer` links).
    public init(scene: Scene, stand: Stand, visionPath: String, clock: any MonotonicClock) throws(PortError) {
        // The simulated phone has the lenses the board says it has.
        feed = SceneCameraFeed(scene: scene, fieldOfView: stand.board.camera)
        self.stand = stand
        self.clock = clock
        channel = try SerialPort.open(path: visionPath, baudRate: 921_600)
        waker = try PollWaker()
    }

    public func status() -> Status { published.withLock { $0 } }

    public func start() throws(RealtimeLoopError) {
        thread = try POSIXThread.spawn(name: "swivel-camera", request: .none, stackBytes: 256 * 1024) { [self] in run() }.thread
    }

    public func stop() {
        stopping.store(true, ordering: .releasing)
        waker.wake()
        thread?.join()
        thread = nil
        channel.close()
    }

    private func run() {
        var decoder = FrameDecoder()
        var buffer = [UInt8](repeating: 0, count: 1024)
        // A clean start for the link's decoder, as PROTOCOL.md asks of a sender.
        try? channel.write(all: [0], timeoutMilliseconds: 100)
        while !stopping.load(ordering: .acquiring) {
            let now = clock.now()
            let bytes = feed.poll(at: now, measured: stand.status().measured)
            if !bytes.isEmpty, (try? channel.write(all: bytes, timeoutMilliseconds: 100)) != nil {
                published.withLock { $0.framesSent &+= 1 }
            }
            published.withLock { $0.framingError = feed.latest?.framingError }
            drainReplies(&decoder, &buffer)
            let wait = feed.nextDeadline.map { max(0, $0.nanoseconds(since: clock.now())) } ?? 10_000_000
            var poll = PollSet()
            _ = poll.add(waker.fileDescriptor)
            _ = poll.add(channel.fileDescriptor)
            _ = try? poll.wait(timeoutMilliseconds: Int32(min((wait + 999_999) / 1_000_000, 50)))
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
