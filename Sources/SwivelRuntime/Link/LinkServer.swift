public import SwivelHardware
public import SwivelPorts
import Synchronization

/// The link thread: moves bytes between the transports (a serial port or pty,
/// the Unix socket and its clients) and the `LinkHub`, and services the hub on
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
    private var pty: PseudoTerminalPair?
    private var serial: FileChannel?
    private var serialSession: SessionID?
    private var serialReopenAt: MonotonicInstant?
    private var clients: [(channel: FileChannel, session: SessionID)] = []
    private var current = LinkServerStatus()
    private var readBuffer = [UInt8](repeating: 0, count: 4096)

    static let pollCeilingMilliseconds: Int64 = 5
    static let writeTimeoutMilliseconds: Int32 = 10
    static let reopenIntervalNanoseconds: Int64 = 1_000_000_000

    /// Opens every endpoint now, so a missing device, a busy socket or a
    /// permission problem is reported before the daemon says it is running.
    public init(hub: LinkHub, endpoints: LinkEndpoints, clock: any MonotonicClock) throws(PortError) {
        self.hub = hub
        self.endpoints = endpoints
        self.clock = clock
        waker = try PollWaker()
        hub.onSessionEvent = { Log.info($0) }
        if let path = endpoints.socketPath {
            listener = try UnixSocketListener(path: path)
            current.socketPath = path
        }
        let now = clock.now()
        switch endpoints.serial {
        case .pty(let symlink):
            let pair = try PseudoTerminalPair.open(symlinkAt: symlink)
            pty = pair
            serial = pair.primary
            current.serialPath = pair.symlinkPath ?? pair.secondaryPath
        case .device(let path, let baudRate):
            serial = try SerialPort.open(path: path, baudRate: baudRate)
            current.serialPath = path
        case nil:
            break
        }
        if let serial { serialSession = hub.openSession(label: serial.label, at: now) }
        current.serialOpen = serial != nil
        published.withLock { $0 = current }
    }

    /// The pty's host side, when the serial link is a pty.
    public var ptyDevicePath: String? { pty?.secondaryPath }

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
            let serialIndex = serial.map { poll.add($0.fileDescriptor) }
            let clientIndices = clients.map { poll.add($0.channel.fileDescriptor) }

            _ = try? poll.wait(timeoutMilliseconds: pollTimeout())
            let now = clock.now()
            if poll.isReadable(wakerIndex) { waker.drain() }
            if let listenerIndex, poll.isReadable(listenerIndex) { acceptClients(at: now) }
            if let serialIndex, poll.isReadable(serialIndex) || poll.hasHungUp(serialIndex) { readSerial(at: now) }
            // Walk backwards: a closed client is removed in place.
            for (position, index) in clientIndices.enumerated().reversed()
            where poll.isReadable(index) || poll.hasHungUp(index) {
                readClient(at: position, now: now)
            }
            reopenSerialIfDue(at: now)
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

    private func readSerial(at now: MonotonicInstant) {
        guard let channel = serial, let session = serialSession else { return }
        guard drain(channel, into: session, at: now) else {
            // A USB adapter pulled out: its session ends; try to reopen every second.
            hub.closeSession(session, at: now)
            channel.close()
            serial = nil
            serialSession = nil
            current.serialOpen = false
            serialReopenAt = now.advanced(byNanoseconds: Self.reopenIntervalNanoseconds)
            Log.warning("serial link \(channel.label) closed; reopening it every second until it returns")
            return
        }
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

    private func reopenSerialIfDue(at now: MonotonicInstant) {
        guard serial == nil, let due = serialReopenAt, now >= due,
            case .device(let path, let baudRate)? = endpoints.serial
        else { return }
        do {
            let channel = try SerialPort.open(path: path, baudRate: baudRate)
            serial = channel
            serialSession = hub.openSession(label: channel.label, at: now)
            serialReopenAt = nil
            current.serialOpen = true
            current.serialReopens &+= 1
            Log.notice("serial link \(path) is back")
        } catch {
            serialReopenAt = now.advanced(byNanoseconds: Self.reopenIntervalNanoseconds)
        }
    }

    private func flushOutput() {
        if let channel = serial, let session = serialSession {
            write(hub.takeOutput(for: session), to: channel)
        }
        for (channel, session) in clients {
            write(hub.takeOutput(for: session), to: channel)
        }
    }

    private func write(_ bytes: [UInt8], to channel: FileChannel) {
        guard !bytes.isEmpty else { return }
        do {
            try channel.write(all: bytes, timeoutMilliseconds: Self.writeTimeoutMilliseconds)
        } catch {
            // Nobody is reading (a pty with no host, a stuck client). What did
            // not fit is lost; the peer resynchronises at the next delimiter and
            // retransmits any command whose reply it missed.
            current.writeTimeouts &+= 1
            if channel === pty?.primary { pty?.discardPendingOutput() }
        }
    }

    private func publish() {
        current.hub = hub.statistics
        published.withLock { $0 = current }
    }

    private func shutDown() {
        let now = clock.now()
        for (channel, session) in clients {
            hub.closeSession(session, at: now)
            channel.close()
        }
        clients.removeAll()
        if let session = serialSession { hub.closeSession(session, at: now) }
        hub.service(at: now)
        serial?.close()
        pty?.close()
        listener?.close()
        serial = nil
        current.serialOpen = false
        publish()
    }
}
