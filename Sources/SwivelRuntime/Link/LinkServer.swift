public import SwivelHardware
public import SwivelPorts
import Synchronization

/// The link thread: moves bytes between the transports (the host and vision
/// serial ports or ptys, the Unix socket and its clients) and the `LinkHub`, and services the hub on
/// time. It blocks only in poll(2), on its own thread, never on the real-time
/// loop's.
///
/// Thread confinement: after `start`, the hub and the channels belong to the
/// link thread; other threads use `status()` and `stop()`.
public final class LinkServer: @unchecked Sendable {
    public let endpoints: LinkEndpoints
    private let hub: LinkHub
    private let clock: any MonotonicClock
    private let waker: PollWaker
    private let stopping = Atomic(false)
    private let published = Mutex(LinkServerStatus())
    private var thread: RealtimeThread?

    // Link-thread state.
    private var listener: UnixSocketListener?
    private var host: SerialLink?
    private var vision: SerialLink?
    private var clients: [(channel: FileChannel, session: SessionID)] = []
    private var current = LinkServerStatus()
    private var readBuffer = [UInt8](repeating: 0, count: 4096)

    static let pollCeilingMilliseconds: Int64 = 5
    static let writeTimeoutMilliseconds: Int32 = 10

    /// Opens every endpoint now, so a missing device, a busy socket or a
    /// permission problem is reported before the daemon says it is running.
    public init(hub: LinkHub, endpoints: LinkEndpoints, clock: any MonotonicClock) throws(PortError) {
        self.hub = hub
        self.endpoints = endpoints
        self.clock = clock
        waker = try PollWaker()
        hub.onSessionEvent = { Log.info($0) }
        hub.onAccessoryProblem = { Log.warning($0) }
        if let path = endpoints.socketPath {
            listener = try UnixSocketListener(path: path)
            current.socketPath = path
        }
        let now = clock.now()
        if let serial = endpoints.serial { host = try SerialLink(serial, role: .host, hub: hub, at: now) }
        if let serial = endpoints.vision { vision = try SerialLink(serial, role: .vision, hub: hub, at: now) }
        current.serialPath = host?.path
        current.visionPath = vision?.path
        publish()
    }

    /// The pty's host side, when the serial link is a pty.
    public var ptyDevicePath: String? { host?.pty?.secondaryPath }

    public func status() -> LinkServerStatus { published.withLock { $0 } }

    public func start() throws(RealtimeLoopError) {
        // Locked memory is resident memory: the link needs far less stack than the default.
        thread = try RealtimeThread.spawn(name: "swivel-link", request: .none, stackBytes: 256 * 1024) { [self] in run() }
    }

    /// Stops the thread, closes every channel and removes the socket and pty link.
    /// Sessions end as if their hosts had left (the stand decelerates to a stop).
    public func stop() {
        stopping.store(true, ordering: .releasing)
        waker.wake()
        thread?.join()
        thread = nil
    }

    // MARK: - The link thread

    private func run() {
        var poll = PollSet()
        while !stopping.load(ordering: .acquiring) {
            poll.removeAll()
            let wakerIndex = poll.add(waker.fileDescriptor)
            let listenerIndex = listener.map { poll.add($0.fileDescriptor) }
            let serialIndices = serialLinks.map { link in link.channel.map { poll.add($0.fileDescriptor) } }
            let clientIndices = clients.map { poll.add($0.channel.fileDescriptor) }

            _ = try? poll.wait(timeoutMilliseconds: pollTimeout())
            let now = clock.now()
            if poll.isReadable(wakerIndex) { waker.drain() }
            if let listenerIndex, poll.isReadable(listenerIndex) { acceptClients(at: now) }
            for (link, index) in zip(serialLinks, serialIndices) {
                guard let index, poll.isReadable(index) || poll.hasHungUp(index) else { continue }
                readSerial(link, at: now)
            }
            // Walk backwards: a closed client is removed in place.
            for (position, index) in clientIndices.enumerated().reversed()
            where poll.isReadable(index) || poll.hasHungUp(index) {
                readClient(at: position, now: now)
            }
            for link in serialLinks { link.reopenIfDue(hub: hub, at: now) }
            hub.service(at: now)
            flushOutput()
            publish()
        }
        shutDown()
    }

    private func pollTimeout() -> Int32 {
        var milliseconds = hub.awaitsReplies ? 1 : Self.pollCeilingMilliseconds
        if let deadline = hub.nextDeadline {
            let until = deadline.nanoseconds(since: clock.now())
            milliseconds = min(milliseconds, max(0, (until + 999_999) / 1_000_000))
        }
        return Int32(milliseconds)
    }

    private func acceptClients(at now: MonotonicInstant) {
        while let listener, let channel = try? listener.accept() {
            let session = hub.openSession(label: "socket", at: now)
            clients.append((channel, session))
        }
    }

    private func readClient(at position: Int, now: MonotonicInstant) {
        let (channel, session) = clients[position]
        if !drain(channel, into: session, at: now) {
            hub.closeSession(session, at: now)
            channel.close()
            clients.remove(at: position)
        }
    }

    private var serialLinks: [SerialLink] { [host, vision].compactMap { $0 } }

    private func readSerial(_ link: SerialLink, at now: MonotonicInstant) {
        guard let channel = link.channel, let session = link.session else { return }
        if !drain(channel, into: session, at: now) { link.closeAfterFailure(hub: hub, at: now) }
    }

    /// Reads everything available into the hub; false when the channel closed.
    private func drain(_ channel: FileChannel, into session: SessionID, at now: MonotonicInstant) -> Bool {
        while true {
            let count: Int
            do {
                count = try readBuffer.withUnsafeMutableBytes { try channel.read(into: $0) }
            } catch {
                return false
            }
            guard count > 0 else { return true }
            hub.receive(readBuffer[0..<count], from: session, at: now)
            if count < readBuffer.count { return true }
        }
    }

    private func flushOutput() {
        for link in serialLinks {
            guard let channel = link.channel, let session = link.session else { continue }
            if !write(hub.takeOutput(for: session), to: channel) { link.discardIfPty(channel) }
        }
        for (channel, session) in clients {
            write(hub.takeOutput(for: session), to: channel)
        }
    }

    /// False when the write timed out. Nobody is reading (a pty with no host,
    /// a stuck client): what did not fit is lost; the peer resynchronises at the
    /// next delimiter and retransmits any command whose reply it missed.
    @discardableResult
    private func write(_ bytes: [UInt8], to channel: FileChannel) -> Bool {
        guard !bytes.isEmpty else { return true }
        do {
            try channel.write(all: bytes, timeoutMilliseconds: Self.writeTimeoutMilliseconds)
            return true
        } catch {
            current.writeTimeouts &+= 1
            return false
        }
    }

    private func publish() {
        current.hub = hub.statistics
        current.serialOpen = host?.isOpen ?? false
        current.serialReopens = (host?.reopens ?? 0) &+ (vision?.reopens ?? 0)
        published.withLock { $0 = current }
    }

    private func shutDown() {
        let now = clock.now()
        for (channel, session) in clients {
            hub.closeSession(session, at: now)
            channel.close()
        }
        clients.removeAll()
        for link in serialLinks { link.close(hub: hub, at: now) }
        hub.service(at: now)
        listener?.close()
        publish()
    }
}
