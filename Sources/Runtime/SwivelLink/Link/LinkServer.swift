#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import SwivelHardware
public import SwivelPorts
import Synchronization
import SwivelSync
import SwivelPOSIX
public import SwivelLoop

/// The link thread: moves bytes between the transports (the host and vision
/// serial ports or ptys, the Unix socket and its clients) and the `LinkHub`, and services the hub on
/// time. It blocks only in poll(2), on its own thread, never on the real-time
/// loop's, and it never waits for a peer: writes take what the peer accepts
/// now and keep the rest in the session's queue for the next POLLOUT.
///
/// Fair to every peer, whatever one of them sends (issue 10 §3). Input is read
/// once per peer into a 4 KiB buffer, only when the last is used up, and
/// handed to the hub a few frames at a time. A peer that sent few frames
/// lately is light: it is served as soon as its bytes arrive, its replies
/// written at once. The others (heavy) are served in short turns, round
/// robin, with the light peers looked at again between each heavy peer's
/// slice; after a turn that left heavy input over, the thread rests at least
/// as long as the turn took and until a control period since the turn began,
/// so a flood takes at most half of the link thread (at most a turn a
/// millisecond) and a light host's command never waits behind it for more
/// than one slice.
///
/// Thread confinement: after `start`, the hub and the channels belong to the
/// link thread; other threads use `status()` and `stop()`.
public final class LinkServer: @unchecked Sendable {
    public let endpoints: LinkEndpoints
    private let hub: LinkHub
    private let clock: any MonotonicClock
    private let waker: PollWaker
    private let stopping = Atomic(false)
    private let published = PIMutex(LinkServerStatus())
    private var thread: POSIXThread?

    // Link-thread state.
    private var listener: UnixSocketListener?
    /// After accept failed (out of descriptors): not polled until then, so a
    /// waiting connection cannot keep poll returning at once.
    private var listenerRestsUntil: MonotonicInstant?
    private var host: SerialLink?
    private var vision: SerialLink?
    private var clients: [LinkPeer] = []
    private var current = LinkServerStatus()
    private var round: UInt64 = 0
    private var notices = LinkNotices()
    /// Heavy peers are not served (nor polled) before this: the rest after a heavy turn.
    private var heavyRestsUntil: MonotonicInstant?
    /// For the quick look at light peers between heavy slices.
    private var lightPoll = PollSet()

    static let pollCeilingMilliseconds: Int64 = 5
    /// Frames one peer may hand the hub at a time.
    static let framesPerSlice = 8
    /// Frames in one heavy turn at most, and how long it may run: heavy work
    /// comes in stretches shorter than a light host's round trip.
    static let framesPerHeavyTurn = 32
    static let heavyTurnNanoseconds: Int64 = 150_000
    /// Heavy turns that leave work over start at most this often: one control
    /// period at the usual 1 kHz, since a heavy host's loop commands are
    /// answered a tick later anyway. Heavy work then takes a bounded share of
    /// the thread (a turn per millisecond, not every other 150 µs), so the
    /// thread sleeps in poll between turns and is woken at once by a light
    /// host's bytes, instead of waiting for a CPU as a busy thread does.
    static let heavyPeriodNanoseconds: Int64 = 1_000_000
    /// Connections taken per round at most, so a connection storm cannot hold the thread.
    static let acceptsPerRound = 64
    static let listenerRestNanoseconds: Int64 = 100_000_000
    /// Connections the kernel queues before connect fails with EAGAIN: enough
    /// for a burst (50 hosts at once) between two rounds.
    static let listenBacklog: Int32 = 128

    /// Opens every endpoint now, so a busy socket, a path that is not a
    /// terminal or a permission problem is reported before the daemon says it
    /// is running. A serial device that is not there yet is not an error: it
    /// is opened when it appears, as a lost one is (`SerialLink`).
    public init(hub: LinkHub, endpoints: LinkEndpoints, clock: any MonotonicClock) throws(PortError) {
        self.hub = hub
        self.endpoints = endpoints
        self.clock = clock
        waker = try PollWaker()
        hub.onSessionEvent = { Log.info($0) }
        hub.onAccessoryProblem = { Log.warning($0) }
        if let path = endpoints.socketPath {
            listener = try UnixSocketListener(path: path, backlog: Self.listenBacklog)
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
        // Its stack pages stay resident once touched (MCL_ONFAULT): a smaller stack bounds that.
        // No real-time request: the link thread never competes with the loop's priority.
        thread = try POSIXThread.spawn(name: "swivel-link", request: .none, stackBytes: 256 * 1024) { [self] in run() }.thread
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

    private var serialLinks: [SerialLink] { [host, vision].compactMap { $0 } }
    private var peers: [LinkPeer] { serialLinks.compactMap(\.peer) + clients }

    private func run() {
        Self.raiseWeight()
        var poll = PollSet()
        while !stopping.load(ordering: .acquiring) {
            round &+= 1
            let peers = self.peers
            let before = clock.now()
            let heavyTurn = heavyMayRun(at: before)
            poll.removeAll()
            let wakerIndex = poll.add(waker.fileDescriptor)
            let listenerIndex = listenerIsPolled(at: before) ? listener.map { poll.add($0.fileDescriptor) } : nil
            let indices = peers.map { peer in
                let served = heavyTurn || peer.isLight(at: before)
                return poll.add(peer.channel.fileDescriptor, readable: served && wantsToRead(peer), writable: served && hasOutput(peer))
            }
            _ = try? poll.wait(timeoutNanoseconds: pollTimeout(peers, heavyTurn: heavyTurn, at: before))
            let now = clock.now()
            if poll.isReadable(wakerIndex) { waker.drain() }
            for (peer, index) in zip(peers, indices) where poll.isReadable(index) || poll.hasHungUp(index) {
                if wantsToRead(peer) {
                    read(peer, at: now)
                } else if poll.hasHungUp(index), !hub.acceptsInput(from: peer.session) {
                    // Gone while paused: what it sent can no longer be answered.
                    peer.closed = true
                }
            }
            // Bytes waiting here for their turn are a sign of life, however long the turn takes.
            for peer in peers where !peer.input.isEmpty { hub.noteInput(from: peer.session, at: now) }
            serveLight(peers, at: now)
            if heavyMayRun(at: now) { runHeavyTurn(peers) }
            deliverClosedPeersInput(peers, at: now)
            closeFinished(peers, at: now)
            if let listenerIndex, poll.isReadable(listenerIndex) { acceptClients(at: now) }
            for link in serialLinks { link.reopenIfDue(hub: hub, at: now) }
            hub.service(at: now)
            carryOut(hub.takeTransportRequests(), at: now)
            // Replies from the loop and telemetry: the light peers' now, the heavy ones' in their turn.
            for peer in self.peers where peer.isLight(at: now) { write(peer) }
            closeFinished(self.peers, at: now)
            notices.flush(at: now)
            publish()
        }
        shutDown()
    }

    /// The link thread's nice level when the process may set it (root,
    /// CAP_SYS_NICE, or systemd's LimitNICE=-10 as the shipped unit sets).
    static let niceLevel: Int32 = -10

    /// Still time-shared, never real-time, but weighted above ordinary
    /// processes: beside host apps that keep the cores busy, a thread at the
    /// default weight waits its turn for a CPU for milliseconds after a host's
    /// bytes wake it (issue 24 §4: 50 apps with commands in flight made a HEARTBEAT
    /// 16 times slower, and the link thread spent most of that time runnable
    /// but not running). Its work is bounded (light hosts' frames, a heavy
    /// turn a millisecond), so the weight cannot starve the rest. Refused
    /// without the privilege: then the thread runs at the process's level.
    private static func raiseWeight() {
        #if canImport(Glibc)
        // Who 0 is the calling thread: on Linux the nice level is per thread.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceLevel)
        #endif
    }

    private func wantsToRead(_ peer: LinkPeer) -> Bool {
        !peer.closed && peer.input.isEmpty && hub.acceptsInput(from: peer.session)
    }

    private func hasOutput(_ peer: LinkPeer) -> Bool { hub.queuedOutputBytes(for: peer.session) > 0 }

    private func hasBacklog(_ peer: LinkPeer) -> Bool {
        !peer.closed && !peer.input.isEmpty && hub.acceptsInput(from: peer.session)
    }

    private func heavyMayRun(at now: MonotonicInstant) -> Bool {
        guard let until = heavyRestsUntil else { return true }
        return now >= until
    }

    private func listenerIsPolled(at now: MonotonicInstant) -> Bool {
        guard let until = listenerRestsUntil else { return true }
        guard now >= until else { return false }
        listenerRestsUntil = nil
        return true
    }

    private func pollTimeout(_ peers: [LinkPeer], heavyTurn: Bool, at now: MonotonicInstant) -> Int64 {
        let light = peers.filter { $0.isLight(at: now) }
        // Input already read and not yet handed over: look, but do not sleep.
        if light.contains(where: hasBacklog) { return 0 }
        let heavy = peers.filter { !$0.isLight(at: now) }
        if heavyTurn && heavy.contains(where: { hasBacklog($0) || hasOutput($0) }) { return 0 }
        var nanoseconds = (hub.awaitsReplies ? 1 : Self.pollCeilingMilliseconds) * 1_000_000
        var deadlines = [hub.nextDeadline, listenerRestsUntil, notices.nextFlush].compactMap { $0 }
        // Resting, heavy peers are not polled at all: wake when the rest ends to
        // poll them again, or a heavy host's next command (one at a time, but
        // many a second) would wait for the poll ceiling.
        if !heavyTurn, let until = heavyRestsUntil,
            heavy.contains(where: { hasBacklog($0) || hasOutput($0) || wantsToRead($0) })
        {
            deadlines.append(until)
        }
        for deadline in deadlines { nanoseconds = min(nanoseconds, max(0, deadline.nanoseconds(since: now))) }
        return nanoseconds
    }

    private func read(_ peer: LinkPeer, at now: MonotonicInstant) {
        do {
            if try peer.input.fill(from: peer.channel, at: now) > 0 { hub.noteInput(from: peer.session, at: now) }
        } catch {
            peer.closed = true
        }
    }

    /// Hands the hub up to `frameCount` of the peer's frames and writes its replies at once.
    /// - Returns: the frames handed over.
    @discardableResult
    private func feed(_ peer: LinkPeer, frames frameCount: Int, at now: MonotonicInstant) -> Int {
        peer.lastFedRound = round
        let frames = peer.feed(hub, frames: frameCount, at: now)
        write(peer)
        return frames
    }

    /// Every light peer's waiting frames (a slice each), as soon as they are read.
    private func serveLight(_ peers: [LinkPeer], at now: MonotonicInstant) {
        for peer in peers where peer.isLight(at: now) && hasBacklog(peer) {
            feed(peer, frames: Self.framesPerSlice, at: now)
        }
    }

    /// Between two heavy slices: reads and serves any light peer whose bytes came meanwhile.
    private func serveLightArrivals(_ peers: [LinkPeer], at now: MonotonicInstant) {
        lightPoll.removeAll()
        var watched: [(peer: LinkPeer, index: Int)] = []
        for peer in peers where peer.isLight(at: now) && wantsToRead(peer) {
            watched.append((peer, lightPoll.add(peer.channel.fileDescriptor)))
        }
        guard !watched.isEmpty, (try? lightPoll.wait(timeoutMilliseconds: 0)) ?? 0 > 0 else { return }
        for (peer, index) in watched where lightPoll.isReadable(index) || lightPoll.hasHungUp(index) {
            read(peer, at: now)
            if hasBacklog(peer) { feed(peer, frames: Self.framesPerSlice, at: now) }
        }
        serveLight(peers, at: now)
    }

    /// One heavy turn: a slice for each heavy peer with input, the one served
    /// longest ago first, light peers looked at between slices; then the heavy
    /// peers' output. The rest that follows lasts as long as the turn did.
    private func runHeavyTurn(_ peers: [LinkPeer]) {
        let start = clock.now()
        let heavy = peers.filter { !$0.isLight(at: start) && (hasBacklog($0) || hasOutput($0)) }
        guard !heavy.isEmpty else { return }
        var budget = Self.framesPerHeavyTurn
        for peer in heavy.filter(hasBacklog).sorted(by: { $0.lastFedRound < $1.lastFedRound }) {
            guard budget > 0, clock.now().nanoseconds(since: start) < Self.heavyTurnNanoseconds else { break }
            budget -= max(1, feed(peer, frames: min(Self.framesPerSlice, budget), at: clock.now()))
            serveLightArrivals(peers, at: clock.now())
        }
        for peer in heavy { write(peer) }
        // Rest only when heavy work was left over: a heavy host that sends one
        // command at a time is answered at once, a flood is held to half the thread.
        guard peers.contains(where: { !$0.isLight(at: start) && hasBacklog($0) }) else {
            heavyRestsUntil = nil
            return
        }
        let end = clock.now()
        heavyRestsUntil = max(end.advanced(byNanoseconds: end.nanoseconds(since: start)),
                              start.advanced(byNanoseconds: Self.heavyPeriodNanoseconds))
    }

    /// A closed peer's last bytes (a BYE before the socket closed) still count.
    private func deliverClosedPeersInput(_ peers: [LinkPeer], at now: MonotonicInstant) {
        for peer in peers where peer.closed && !peer.input.isEmpty && hub.acceptsInput(from: peer.session) {
            let readAt = peer.input.readAt ?? now
            hub.receive(peer.input.takeAll(), from: peer.session, at: now, readAt: readAt, framesAfter: 0)
        }
    }

    /// Ends the sessions whose transport closed once nothing they sent is left.
    private func closeFinished(_ peers: [LinkPeer], at now: MonotonicInstant) {
        for peer in peers where peer.closed && (peer.input.isEmpty || !hub.acceptsInput(from: peer.session)) {
            if let link = serialLinks.first(where: { $0.peer === peer }) {
                link.closeAfterFailure(hub: hub, at: now)
            } else {
                closeClient(peer, at: now)
            }
        }
    }

    private func closeClient(_ peer: LinkPeer, at now: MonotonicInstant) {
        hub.closeSession(peer.session, at: now)
        peer.channel.close()
        clients.removeAll { $0 === peer }
    }

    /// Writes what the peer takes now; the rest stays queued for its next POLLOUT.
    private func write(_ peer: LinkPeer) {
        guard !peer.closed, let queue = hub.outputQueue(for: peer.session) else { return }
        do {
            while !queue.isEmpty {
                let written = try peer.channel.writeAvailable(queue.regions(maximum: FileChannel.maximumRegions))
                guard written > 0 else { return }
                queue.consume(written)
            }
        } catch {
            peer.closed = true
        }
    }

    private func acceptClients(at now: MonotonicInstant) {
        guard let listener else { return }
        for _ in 0..<Self.acceptsPerRound {
            let channel: FileChannel?
            do {
                channel = try listener.accept()
            } catch {
                acceptFailed(error, listener: listener, at: now)
                return
            }
            guard let channel else { return }
            clients.append(LinkPeer(channel: channel, session: hub.openSession(label: "socket", transport: .socket, at: now)))
        }
    }

    /// Out of descriptors (or another accept failure): the waiting clients are
    /// taken off the queue with the reserved descriptor and told so, and the
    /// listener rests a moment. Never a retry at once: that is a busy loop.
    private func acceptFailed(_ error: PortError, listener: UnixSocketListener, at now: MonotonicInstant) {
        let code = error.errno ?? 0
        listenerRestsUntil = now.advanced(byNanoseconds: Self.listenerRestNanoseconds)
        guard code == EMFILE || code == ENFILE else {
            notices.log("accept", "accepting socket connections failed: \(error); trying again in 0.1 s", at: now)
            return
        }
        let reason = "swiveld is out of file descriptors (\(code == EMFILE ? "its limit" : "the system's limit") was reached); try again later"
        var refused = 0
        while refused < Self.acceptsPerRound, listener.refuseOne(saying: LinkHub.refusalFrame(reason: reason)) { refused += 1 }
        current.refusedAtDescriptorLimit &+= UInt64(refused)
        notices.log(
            "descriptors",
            "refused \(refused) socket connection\(refused == 1 ? "" : "s"): the daemon is out of file descriptors (\(error)); raise LimitNOFILE= or lower --max-sessions",
            at: now)
    }

    private func carryOut(_ requests: [TransportRequest], at now: MonotonicInstant) {
        for request in requests {
            switch request {
            case .close(let session, let reason):
                guard let peer = clients.first(where: { $0.session == session }) else {
                    hub.closeSession(session, at: now)
                    continue
                }
                // One last try for what waits (a refusal's ERR), never waiting.
                write(peer)
                closeClient(peer, at: now)
                let key = String(reason.prefix { $0 != ":" })
                notices.log(key, "socket session \(session) closed: \(reason)", at: now)
            case .discardPending(let session):
                serialLinks.first { $0.session == session }?.discardPending()
            }
        }
    }

    private func publish() {
        current.hub = hub.statistics
        current.serialOpen = host?.isOpen ?? false
        current.serialReopens = (host?.reopens ?? 0) &+ (vision?.reopens ?? 0)
        current.rounds = round
        published.withLock { $0 = current }
    }

    private func shutDown() {
        let now = clock.now()
        for peer in clients {
            hub.closeSession(peer.session, at: now)
            peer.channel.close()
        }
        clients.removeAll()
        for link in serialLinks { link.close(hub: hub, at: now) }
        hub.service(at: now)
        listener?.close()
        publish()
    }
}

/// Log lines about events that can come by the thousand (4,000 connections
/// refused or timed out): the first of each kind is logged at once, the rest
/// are counted and summed up in one line a second later.
struct LinkNotices {
    private var lastLogged: [String: MonotonicInstant] = [:]
    private var suppressed: [String: (count: Int, example: String)] = [:]

    static let intervalNanoseconds: Int64 = 1_000_000_000

    mutating func log(_ kind: String, _ message: String, at now: MonotonicInstant) {
        if let last = lastLogged[kind], now.nanoseconds(since: last) < Self.intervalNanoseconds {
            let count = (suppressed[kind]?.count ?? 0) + 1
            suppressed[kind] = (count, message)
            return
        }
        lastLogged[kind] = now
        Log.notice(message)
    }

    /// When a summary line is next due.
    var nextFlush: MonotonicInstant? {
        suppressed.keys.compactMap { lastLogged[$0]?.advanced(byNanoseconds: Self.intervalNanoseconds) }.min()
    }

    mutating func flush(at now: MonotonicInstant) {
        for (kind, entry) in suppressed {
            guard let last = lastLogged[kind], now.nanoseconds(since: last) >= Self.intervalNanoseconds else { continue }
            Log.notice("\(entry.count) more like this in the last second; the latest: \(entry.example)")
            suppressed[kind] = nil
            lastLogged[kind] = now
        }
    }
}
