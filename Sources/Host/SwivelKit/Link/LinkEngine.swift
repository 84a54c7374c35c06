#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore
import SwivelPorts
import SwivelProtocol

/// The link thread's loop: connects, does the handshake, sends commands with
/// sequence numbers and retransmits them, routes replies and telemetry,
/// sends heartbeats, and reconnects every second after the link is lost.
/// Everything here runs on that one thread; callers reach it only through
/// `LinkClient`.
final class LinkEngine {
    /// A point on `clock`: time since its origin.
    typealias Instant = Duration
    typealias Completion = (Result<LinkReply, SwivelKitError>) -> Void

    enum Phase: Equatable {
        case disconnected(retryAt: Instant)
        /// HELLO, then GET_STATE, before the session is published.
        case handshaking
        case docked
    }

    struct Pending {
        var message: HostMessage
        var deadline: Instant
        var retransmissions = 0
        var completion: Completion
    }

    /// A move or animation of this host's whose final state is not known yet.
    struct Tracker {
        let progress: MoveProgress
        let acknowledgedAt: Instant
        /// Past this, telemetry is presumed lost and GET_STATE is asked.
        let pollAfter: Instant
        /// When a newer move of this host's was acknowledged.
        var supersededAt: Instant?
    }

    let client: LinkClient
    var clock: any LinkClock { client.clock }
    var timing: LinkTiming { client.timing }
    var endpoint: SwivelEndpoint { client.endpoint }

    var phase: Phase
    var channel: (any ByteChannel)?
    var decoder = FrameDecoder()
    var readBuffer = [UInt8](repeating: 0, count: 4096)
    var polls = PollSet()
    var nextSequence: UInt16 = 0
    var pending: [UInt16: Pending] = [:]
    var lastSent: Instant
    /// Counts docked sessions; a session object belongs to one.
    var epoch = 0
    /// Weak: only the app, the connection and the streams keep a session (see `LinkLease`).
    weak var session: StandSession?
    /// BATTERY_STATE that came during the handshake (the stand sends every
    /// battery right after IDENTITY), held for the session about to exist.
    var handshakeBatteries: [BatteryState] = []
    var trackers: [UInt32: Tracker] = [:]
    /// PROGRESS for requests not (yet) tracked: an ACK lost and retransmitted may come after it.
    var recentProgress: [MotionProgress] = []
    /// The fault of the newest MOTION_STATE: why a move that ends `failed`
    /// failed. The stand sends MOTION_STATE before the PROGRESS of the same
    /// instant, and a fault latches until CLEAR_FAULT, so it is already here.
    var latestFault: DockKitFault?
    var latestFaultKind: FaultKind?
    var statePollInFlight = false
    var nextStatePoll: Instant

    init(client: LinkClient) {
        self.client = client
        let now = client.clock.now
        phase = .disconnected(retryAt: now)
        lastSent = now
        nextStatePoll = now
    }

    func run() {
        while true {
            if let goodbye = client.stopRequest {
                shutDown(goodbye: goodbye)
                clock.loopEnded()
                return
            }
            if case .disconnected(let retryAt) = phase, clock.now >= retryAt { connect() }
            serviceCommands()
            serviceTimers()
            waitAndRead()
        }
    }

    // MARK: - Connection

    private func connect() {
        let opened: any ByteChannel
        switch client.open() {
        case .success(let channel):
            opened = channel
        case .failure(let error):
            phase = .disconnected(retryAt: clock.now + timing.reconnectInterval)
            client.publishFailure(error)
            return
        }
        channel = opened
        decoder = FrameDecoder()
        phase = .handshaking
        // Ends whatever a previous host left half-sent, so HELLO starts clean.
        write([0])
        send(.hello(Hello(clientName: client.clientName))) { result in
            switch result {
            case .success(.identity(let identity)): self.identified(identity)
            case .success: self.handshakeFailed(SwivelKitError(.unknownMessage, "the stand answered HELLO with something other than IDENTITY"))
            case .failure(let error): self.handshakeFailed(error)
            }
        }
    }

    private func identified(_ identity: Identity) {
        guard identity.protocolVersion == ProtocolVersion.current else {
            handshakeFailed(SwivelKitError(.versionMismatch,
                "the stand speaks protocol \(identity.protocolVersion); SwivelKit speaks \(ProtocolVersion.current)"))
            return
        }
        // The state says whether system tracking is on (another host may have
        // turned it off before this one joined); DOCK_STATE alone is lossy.
        send(.getState) { result in
            switch result {
            case .success(.ack(.state(let report))): self.docked(identity, report: report)
            case .success: self.handshakeFailed(SwivelKitError(.unknownMessage, "the stand answered GET_STATE without a state report"))
            case .failure(let error): self.handshakeFailed(error)
            }
        }
    }

    private func docked(_ identity: Identity, report: StateReport) {
        guard phase == .handshaking else { return }
        epoch += 1
        let session = StandSession(identity: identity, link: client, lease: client.lease, epoch: epoch)
        self.session = session
        for battery in handshakeBatteries { session.receiveBattery(StandSession.BatteryReading(battery)) }
        handshakeBatteries.removeAll()
        phase = .docked
        client.publishDocked(session, systemTrackingEnabled: report.systemTrackingEnabled)
    }

    private func handshakeFailed(_ error: SwivelKitError) {
        client.publishFailure(error)
        dropLink(error)
    }

    /// The channel closed, a write failed or replies stopped: undock, fail
    /// what waits, and try again in a second.
    func dropLink(_ error: SwivelKitError) {
        if case .disconnected = phase { return }
        let wasDocked = phase == .docked
        phase = .disconnected(retryAt: clock.now + timing.reconnectInterval)
        channel?.close()
        channel = nil
        statePollInFlight = false
        recentProgress.removeAll()
        latestFault = nil
        latestFaultKind = nil
        handshakeBatteries.removeAll()
        let orphaned = trackers
        trackers.removeAll()
        // The stand stops a host's moves when its last host leaves; this host
        // can no longer see how they end either way.
        for tracker in orphaned.values {
            tracker.progress.apply(state: .cancelled, fractionCompleted: tracker.progress.fractionCompleted)
        }
        if wasDocked {
            let session = self.session
            self.session = nil
            session?.finishStreams()
            client.publishUndocked(session)
        } else {
            client.publishFailure(error)
        }
        let failed = pending
        pending.removeAll()
        for entry in failed.values { entry.completion(.failure(error)) }
    }

    private func shutDown(goodbye: Bool) {
        if goodbye, phase == .docked {
            nextSequence &+= 1
            write(WireFrame.encode(HostMessage.bye, sequence: nextSequence))
        }
        dropLink(SwivelKitError(.notConnected, "the connection was closed"))
        channel?.close()
        channel = nil
        client.publishExit()
    }

    // MARK: - Commands

    private func serviceCommands() {
        for command in client.takeCommands() {
            if phase == .docked, command.epoch == nil || command.epoch == epoch {
                send(command.message, command.completion)
            } else if phase == .docked {
                command.completion(.failure(SwivelKitError(.notConnected,
                    "this session ended; use the one from the latest docked change")))
            } else {
                var reason = "no stand is docked"
                if let failure = client.lastFailure { reason += ": \(failure.reason)" }
                command.completion(.failure(SwivelKitError(.notConnected, reason)))
            }
        }
    }

    /// Sends a command with the next sequence number and waits for its reply.
    func send(_ message: HostMessage, _ completion: @escaping Completion) {
        guard channel != nil else {
            completion(.failure(SwivelKitError(.notConnected, "no stand is docked")))
            return
        }
        nextSequence &+= 1
        let sequence = nextSequence
        if let stale = pending.removeValue(forKey: sequence) {
            // 65536 commands outstanding at once cannot happen at one per
            // call; should it, the oldest has long timed out.
            stale.completion(.failure(SwivelKitError(.timedOut, "the sequence number was reused before a reply came")))
        }
        pending[sequence] = Pending(message: message, deadline: clock.now + timing.replyTimeout, completion: completion)
        write(WireFrame.encode(message, sequence: sequence))
    }

    private func write(_ bytes: [UInt8]) {
        guard let channel else { return }
        do throws(PortError) {
            try channel.write(all: bytes, timeoutMilliseconds: timing.writeTimeoutMilliseconds)
            lastSent = clock.now
        } catch {
            dropLink(SwivelKitError(.transport, "lost the connection to \(endpoint): \(error)"))
        }
    }

    // MARK: - Time

    private func serviceTimers() {
        let now = clock.now
        var expired: [Pending] = []
        for sequence in Array(pending.keys) {
            guard var entry = pending[sequence], now >= entry.deadline else { continue }
            if entry.retransmissions < timing.retransmissions {
                entry.retransmissions += 1
                entry.deadline = now + timing.replyTimeout
                pending[sequence] = entry
                write(WireFrame.encode(entry.message, sequence: sequence, flags: .retransmission))
            } else {
                pending[sequence] = nil
                expired.append(entry)
            }
        }
        if !expired.isEmpty {
            let tries = timing.retransmissions + 1
            for entry in expired {
                entry.completion(.failure(SwivelKitError(.timedOut,
                    "no reply from the stand at \(endpoint) to \(entry.message.messageID) after \(tries) tries")))
            }
            // Whatever else waits would time out too: say so, whichever expired first.
            dropLink(SwivelKitError(.timedOut, "the stand at \(endpoint) stopped answering"))
            return
        }
        guard phase == .docked else { return }
        if now >= lastSent + timing.heartbeatInterval {
            send(.heartbeat) { _ in }
        }
        if !statePollInFlight, now >= nextStatePoll, trackers.values.contains(where: { now >= $0.pollAfter }) {
            statePollInFlight = true
            send(.getState) { result in
                self.statePollInFlight = false
                self.nextStatePoll = self.clock.now + self.timing.statePollInterval
                if case .success(.ack(.state(let report))) = result { self.resolveTrackers(from: report) }
            }
        }
    }

    /// When the loop next has something to do without input.
    private func nextWakeUp() -> Instant {
        let now = clock.now
        var wake = now + .seconds(1)
        switch phase {
        case .disconnected(let retryAt): wake = min(wake, retryAt)
        case .docked: wake = min(wake, lastSent + timing.heartbeatInterval)
        case .handshaking: break
        }
        for entry in pending.values { wake = min(wake, entry.deadline) }
        if phase == .docked, !statePollInFlight {
            for tracker in trackers.values { wake = min(wake, max(tracker.pollAfter, nextStatePoll)) }
        }
        return wake
    }

    private func waitAndRead() {
        polls.removeAll()
        let wakerIndex = polls.add(client.waker.fileDescriptor)
        let channelIndex = channel.map { polls.add($0.fileDescriptor) }
        do throws(PortError) {
            try clock.wait(&polls, until: nextWakeUp(), waker: client.waker)
        } catch {
            // poll(2) fails only for a bad argument or no memory; do not spin on it.
            usleep(10_000)
            return
        }
        if polls.isReadable(wakerIndex) { client.waker.drain() }
        if let channelIndex, polls.isReadable(channelIndex) || polls.hasHungUp(channelIndex) { readChannel() }
    }
}
