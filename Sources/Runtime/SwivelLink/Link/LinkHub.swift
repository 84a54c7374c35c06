import SwivelCore
public import SwivelHardware
import SwivelProtocol
public import SwivelAccessories
import SwivelStand

/// The link's logic: sessions, handshake, reliable commands, mode arbitration
/// and telemetry. Bytes and time go in, bytes come out; no I/O, no threads, so
/// tests drive it in virtual time beside a `VirtualStand`, frame by frame.
/// The daemon's `LinkServer` owns one and moves its bytes.
///
/// A host session in DockKit's sense runs from the first docked session to the
/// last undock: further sessions (a `swivelctl watch` beside an app) join it
/// and do not reset what the first one set.
public final class LinkHub {
    public let configuration: LinkConfiguration
    let stand: any StandControl
    var sessions: [SessionID: LinkSession] = [:]
    private var nextSessionID = 1
    public internal(set) var statistics = LinkStatistics()

    // Host-session state: defaults at boot and after the last undock.
    var systemTrackingEnabled = true

    struct PendingCommand {
        var session: SessionID
        var key: ReplyCache.Key
        var ticket: CommandTicket
    }

    var pending: [PendingCommand] = []
    /// Commands the hub itself issues (session start / end); retried while the mailbox is full.
    var internalCommands: [MotionCommand] = []
    /// Posted commands whose replies nobody waits for (the hub's own, and those
    /// of sessions that left): still collected, so the mailbox never fills with them.
    var internalTickets: [CommandTicket] = []
    /// What the transports must do that the hub cannot: close a connection, flush a port.
    private var transportRequests: [TransportRequest] = []
    var nextMotionState: MonotonicInstant?
    /// The stand time of the last MOTION_STATE sent: each one is of a later instant.
    var lastMotionStateTime: Seconds?
    var nextTrackingState: MonotonicInstant?
    var progressWatch = ProgressWatch()
    /// Framing, region of interest, selection and the rate rules: host-session state.
    var tracking: TrackingPipeline
    /// Buttons and batteries, read when the hub is serviced. Set before the link thread starts.
    public var accessories = StandAccessories.none

    public init(stand: any StandControl, configuration: LinkConfiguration) {
        self.stand = stand
        self.configuration = configuration
        tracking = TrackingPipeline(fieldOfView: configuration.fieldOfView, seed: UInt64.random(in: 0...UInt64.max))
    }

    // MARK: - Sessions

    /// Dock and undock, in words, for the daemon's log; called on the hub's thread.
    public var onSessionEvent: ((String) -> Void)?
    /// A battery that cannot be read, in words, for the daemon's log; once per new problem.
    public var onAccessoryProblem: ((String) -> Void)?

    struct WaitingCommand {
        var session: SessionID
        var key: ReplyCache.Key
        var command: MotionCommand
    }

    /// Host commands for the loop that found the mailbox full, in arrival
    /// order: posted as replies free room (`postWaiting`), so 50 hosts with a
    /// few commands each in flight are not told `busy` for the mailbox's size.
    /// (Declared after every public stored property, so adding it moved none
    /// of theirs: an incremental build does not always recompile clients.)
    var waiting: [WaitingCommand] = []
    /// A session's own commands in the loop or waiting for it, at most: the
    /// next one is over-committing and answered `busy` (docs/PROTOCOL.md §5).
    public static let commandsInFlightPerSession = 16

    /// A socket connection, or a serial port (which stays open while hosts come
    /// and go: silence undocks its session, only the transport closes it).
    ///
    /// A socket session beyond `maximumSessions` is opened refused: its first
    /// frame is answered ERR `busy` with the reason, and the hub then asks for
    /// it to be closed (`takeTransportRequests`).
    public func openSession(
        label: String, role: SessionRole = .host, transport: SessionTransport = .serial, at now: MonotonicInstant
    ) -> SessionID {
        let id = SessionID(value: nextSessionID)
        nextSessionID += 1
        var session = LinkSession(id: id, label: label, role: role, transport: transport, at: now)
        if transport == .socket {
            let open = sessions.values.count { $0.transport == .socket && $0.refusal == nil && !$0.closing }
            if open >= configuration.maximumSessions {
                statistics.sessionsRefused &+= 1
                session.refusal = "this stand has \(open) socket sessions open, its limit: close one and connect again"
            }
        }
        sessions[id] = session
        if let refusal = session.refusal {
            let waiting = sessions.values.count { $0.refusal != nil && !$0.closing }
            // Refused connections wait for their first frame only while few do;
            // beyond that they are told at once, with no command to answer.
            if waiting > Self.refusalsHeld { refuseWithoutCommand(id, refusal, at: now) }
        }
        refreshCounts()
        return id
    }

    /// Refused connections held at once, waiting for the frame to answer.
    static let refusalsHeld = 8
    /// How long a refused connection may take to send its first frame.
    static let refusalGraceNanoseconds: Int64 = 1_000_000_000

    /// The transport closed (socket EOF, serial device gone).
    public func closeSession(_ id: SessionID, at now: MonotonicInstant) {
        guard let session = sessions[id] else { return }
        if session.docked { undock(id, at: now, because: "the link closed") }
        sessions[id] = nil
        orphanPending(of: id)
        refreshCounts()
    }

    /// Asks the transport to close `id` (a socket session) after one last try
    /// to send what waits; it undocks now, so the stand stops at once if it was
    /// the last host. Nothing more from or to it is handled.
    func requestClose(_ id: SessionID, at now: MonotonicInstant, because reason: String) {
        guard let session = sessions[id], !session.closing else { return }
        if session.docked { undock(id, at: now, because: reason) }
        sessions[id]?.closing = true
        orphanPending(of: id)
        transportRequests.append(.close(id, reason: reason))
        refreshCounts()
    }

    /// The closes and flushes the hub asked for since the last call, in order.
    public func takeTransportRequests() -> [TransportRequest] {
        defer { transportRequests.removeAll(keepingCapacity: true) }
        return transportRequests
    }

    /// A command's reply will never be sent (its session left or started
    /// over), but the loop will still answer it: collect it as the hub's own.
    func orphanPending(of id: SessionID) {
        for command in pending where command.session == id { internalTickets.append(command.ticket) }
        pending.removeAll { $0.session == id }
        // Never posted: nothing to collect.
        waiting.removeAll { $0.session == id }
    }

    /// Every session, refused and closing ones included, oldest first.
    public var sessionIDs: [SessionID] { sessions.keys.sorted { $0.value < $1.value } }

    public func isDocked(_ id: SessionID) -> Bool { sessions[id]?.docked ?? false }

    /// Bytes waiting to go out to `id`, copied out; the caller takes them all.
    /// For in-process peers and tests; the link thread writes from the queue itself.
    public func takeOutput(for id: SessionID) -> [UInt8] {
        sessions[id]?.output.takeAll() ?? []
    }

    /// Bytes queued for `id`.
    public func queuedOutputBytes(for id: SessionID) -> Int { sessions[id]?.output.count ?? 0 }

    /// The queue the link thread writes `id`'s bytes from.
    func outputQueue(for id: SessionID) -> OutputQueue? { sessions[id]?.output }

    /// False while `pauseInputBytes` of output wait for `id` (or it is being
    /// closed): its transport should not read its commands until its peer has
    /// read some replies. Nor is it undocked for silence meanwhile.
    public func acceptsInput(from id: SessionID) -> Bool {
        guard let session = sessions[id], !session.closing else { return false }
        return session.output.count < configuration.pauseInputBytes
    }

    // MARK: - Input

    /// Bytes from `id` arrived and wait in its transport's buffer for their
    /// turn: the host is not silent, whenever the hub gets to its frames.
    public func noteInput(from id: SessionID, at now: MonotonicInstant) {
        sessions[id]?.lastHeard = now
    }

    /// Frames read at `now`, all of them: TRACK frames are dated within this read.
    public func receive(_ bytes: some Collection<UInt8>, from id: SessionID, at now: MonotonicInstant) {
        receive(bytes, from: id, at: now, readAt: now, framesAfter: 0)
    }

    /// A slice of the frames one read brought at `readAt`, with `framesAfter`
    /// more of that read still to come: the TRACK frames of the whole read are
    /// spread back from it together (`TrackArrivals`), not slice by slice.
    func receive(_ bytes: some Collection<UInt8>, from id: SessionID, at now: MonotonicInstant, readAt: MonotonicInstant, framesAfter: Int) {
        // Never a copy of the session held across the feed: the decoder would
        // copy its 1 KiB buffer on write (and allocate) to keep the copy intact.
        guard sessions[id]?.closing == false else { return }
        var frames: [(FrameHeader, [UInt8])] = []
        let before = sessions[id]?.decoder.statistics
        sessions[id]?.decoder.feed(bytes) { frame in frames.append((frame.header, frame.payloadBytes())) }
        if let before, let after = sessions[id]?.decoder.statistics {
            statistics.framesDropped &+= after.framesDropped &- before.framesDropped
            statistics.bytesDiscarded &+= after.bytesDiscarded &- before.bytesDiscarded
        }
        let trackID = MessageID.track.rawValue
        var laterTracks = frames.reduce(0) { $0 + ($1.0.messageID == trackID ? 1 : 0) }
        // Only TRACK frames are dated back, so a whole read without one (a
        // command, a heartbeat) leaves the dating alone and skips it.
        let read = laterTracks > 0 || framesAfter > 0 ? trackRead(of: id, at: readAt, frames: laterTracks + max(framesAfter, 0)) : nil
        sessions[id]?.openRead = framesAfter > 0 ? read : nil
        if laterTracks > 0, let read { sessions[id]?.lastTrackRead = read.at }
        for (header, payload) in frames {
            statistics.framesReceived &+= 1
            guard sessions[id]?.closing == false else { return }
            if let refusal = sessions[id]?.refusal {
                refuse(header, refusal, to: id, at: now)
                return
            }
            var arrival = now
            if header.messageID == trackID, let read {
                laterTracks -= 1
                // The frames still to come from this read are counted as if
                // all were TRACK frames, as the spacing counted them: the
                // whole read still fits after the one before.
                arrival = TrackArrivals.arrival(
                    now: read.at, later: laterTracks + max(framesAfter, 0), spacingNanoseconds: read.spacingNanoseconds)
            }
            handle(header: header, payload: payload, from: id, at: arrival)
        }
    }

    /// The read a slice belongs to: the one still open (more of its frames
    /// were waiting), or a new one at `readAt` of `frames` frames in all.
    private func trackRead(of id: SessionID, at readAt: MonotonicInstant, frames: Int) -> TrackRead {
        // An open read whose rest never came (the transport closed) is not continued.
        if let open = sessions[id]?.openRead, open.at == readAt { return open }
        let spacing = TrackArrivals.spacingNanoseconds(count: frames, previous: sessions[id]?.lastTrackRead, now: readAt)
        return TrackRead(at: readAt, spacingNanoseconds: spacing)
    }

    /// A refused session's first frame gets ERR `busy` with the reason, then the connection closes.
    private func refuse(_ header: FrameHeader, _ reason: String, to id: SessionID, at now: MonotonicInstant) {
        let refusal = ErrorReply(commandID: header.messageID, code: .busy, reason: reason)
        enqueue(WireFrame.encode(.error(refusal), sequence: header.sequence), to: id)
        statistics.commandsRejected &+= 1
        requestClose(id, at: now, because: "refused: \(reason)")
    }

    /// No frame to answer (too many refusals waiting, or none came): an ERR with
    /// sequence number 0 and command id 0 says why before the connection closes.
    private func refuseWithoutCommand(_ id: SessionID, _ reason: String, at now: MonotonicInstant) {
        enqueue(Self.refusalFrame(reason: reason), to: id)
        requestClose(id, at: now, because: "refused: \(reason)")
    }

    /// An ERR `busy` that answers no command (sequence 0, command id 0): what a
    /// connection the daemon cannot serve is told before it is closed.
    public static func refusalFrame(reason: String) -> [UInt8] {
        WireFrame.encode(.error(ErrorReply(commandID: 0, code: .busy, reason: reason)), sequence: 0)
    }

    // MARK: - Time

    /// Collects replies from the stand, undocks silent sessions and sends
    /// telemetry that is due. Call it at least every few milliseconds.
    public func service(at now: MonotonicInstant) {
        flushInternalCommands()
        collectReplies()
        postWaiting()
        expireSilentSessions(at: now)
        endStalledSessions(at: now)
        serviceAccessories(at: now)
        sendTelemetryIfDue(at: now)
    }

    /// When `service` next has periodic work (telemetry), so a poll can sleep until then.
    public var nextDeadline: MonotonicInstant? {
        let motion = statistics.sessionsDocked > 0 ? nextMotionState : nil
        let tracking = statistics.sessionsDocked > 0 ? nextTrackingState : nil
        // A pressed button is reported as soon as its debounce window ends.
        return [motion, tracking, accessories.buttons?.nextSettle].compactMap { $0 }.min()
    }

    /// Whether another host command may be posted: every command posted and not
    /// yet answered holds a place among the replies the mailbox keeps, and a
    /// reply the mailbox had to drop would leave a command unanswered forever.
    /// The hub's own few commands go in regardless (the mailbox holds twice
    /// `repliesHeld`).
    var hasRoomInFlight: Bool { pending.count + internalTickets.count < stand.repliesHeld }

    /// Commands are in the loop's mailbox: their replies come at the next tick,
    /// so the link should service again within one control period.
    public var awaitsReplies: Bool { !pending.isEmpty || !internalCommands.isEmpty || !waiting.isEmpty }

    private func expireSilentSessions(at now: MonotonicInstant) {
        for id in sessionIDs {
            // A paused session's heartbeats wait unread in its transport: not silence.
            guard let session = sessions[id], session.docked, acceptsInput(from: id),
                now.nanoseconds(since: session.lastHeard) > configuration.heartbeatTimeoutNanoseconds
            else { continue }
            statistics.heartbeatTimeouts &+= 1
            undock(id, at: now, because: "silent for longer than the heartbeat timeout")
        }
    }

    /// Slow consumers, sockets that never say HELLO, and refused connections
    /// that send nothing to answer.
    private func endStalledSessions(at now: MonotonicInstant) {
        for id in sessionIDs {
            guard let session = sessions[id], !session.closing else { continue }
            let consumed = session.output.consumedTotal
            // A socket's queue is full once telemetry is being dropped: a host
            // that docks and reads nothing for a while only fills the kernel's
            // buffer (a few seconds of telemetry) and then a little of ours. A
            // serial port (no connection to close) discards whatever waits.
            let full = session.transport == .socket
                ? session.output.count >= configuration.maximumQueuedBytes : !session.output.isEmpty
            if !full || consumed != session.outputConsumedSeen {
                sessions[id]?.outputConsumedSeen = consumed
                sessions[id]?.outputMovedAt = now
            } else if now.nanoseconds(since: session.outputMovedAt) > configuration.slowConsumerTimeoutNanoseconds {
                let seconds = Double(configuration.slowConsumerTimeoutNanoseconds) / 1e9
                slowConsumer(id, at: now, because: "slow consumer: its peer read none of \(session.output.count) queued bytes for \(seconds) s")
                continue
            }
            guard session.transport == .socket, !session.docked else { continue }
            let idle = now.nanoseconds(since: session.undockedSince)
            if let refusal = session.refusal {
                if idle > Self.refusalGraceNanoseconds { refuseWithoutCommand(id, refusal, at: now) }
            } else if idle > configuration.helloTimeoutNanoseconds {
                statistics.helloTimeouts &+= 1
                let seconds = Double(configuration.helloTimeoutNanoseconds) / 1e9
                requestClose(id, at: now, because: "no HELLO within \(seconds) s")
            }
        }
    }

    /// A socket session is closed; a serial one (the port outlives its hosts)
    /// has its queued output thrown away, and its transport is asked to drop
    /// what it holds, so a host that opens the port later reads nothing stale.
    func slowConsumer(_ id: SessionID, at now: MonotonicInstant, because reason: String) {
        guard let session = sessions[id], !session.closing else { return }
        statistics.slowConsumers &+= 1
        switch session.transport {
        case .socket:
            requestClose(id, at: now, because: reason)
        case .serial:
            session.output.removeAll()
            sessions[id]?.outputMovedAt = now
            onSessionEvent?("\(session.label): output discarded, \(reason)")
            transportRequests.append(.discardPending(id))
        }
    }

    // MARK: - Docking

    func dock(_ id: SessionID, clientName: String, at now: MonotonicInstant) {
        guard var session = sessions[id] else { return }
        let first = !sessions.values.contains { $0.docked }
        session.docked = true
        session.clientName = clientName
        sessions[id] = session
        statistics.dockings &+= 1
        onSessionEvent?("host '\(clientName)' docked on \(session.label)")
        if first {
            // A new host session: defaults, the demo stops, the stand is the host's.
            systemTrackingEnabled = true
            resetTracking()
            internalCommands.append(.resetSession)
            flushInternalCommands()
            nextMotionState = now
        }
        refreshCounts()
    }

    func undock(_ id: SessionID, at now: MonotonicInstant, because reason: String) {
        guard var session = sessions[id], session.docked else { return }
        onSessionEvent?("host '\(session.clientName)' undocked from \(session.label): \(reason)")
        session.docked = false
        session.undockedSince = now
        session.replies.removeAll()
        sessions[id] = session
        // Commands still in the loop are answered all the same: the transport is
        // still open (a STOP just before BYE gets its ACK).
        if !sessions.values.contains(where: { $0.docked }) {
            // The last host left: decelerate to a stop and forget its settings.
            systemTrackingEnabled = true
            resetTracking()
            internalCommands.append(.resetSession)
            flushInternalCommands()
        }
        refreshCounts()
    }

    func refreshCounts() {
        statistics.sessionsOpen = sessions.values.count { $0.refusal == nil && !$0.closing }
        statistics.sessionsDocked = sessions.values.filter(\.docked).count
        statistics.systemTrackingEnabled = systemTrackingEnabled
    }

    func flushInternalCommands() {
        while let command = internalCommands.first {
            guard let ticket = try? stand.post(command) else { return }
            internalTickets.append(ticket)
            internalCommands.removeFirst()
        }
    }

    // MARK: - Output

    /// Queues a reply (never dropped): a session that would overflow its queue is
    /// a slow consumer, and ends as one, rather than lose it.
    func enqueue(_ frame: [UInt8], to id: SessionID) {
        guard let session = sessions[id], !session.closing else { return }
        guard session.output.count + frame.count <= configuration.outputCapacityBytes else {
            // Replies carry no time; the undock this may cause needs none but an instant.
            slowConsumer(id, at: session.lastHeard, because: "slow consumer: its output queue is full (\(session.output.count) bytes)")
            return
        }
        session.output.append(frame)
    }

    /// Lossy: dropped for a peer that is not keeping up.
    func sendTelemetry(_ message: AccessoryMessage, to id: SessionID) {
        guard let session = sessions[id], session.docked, !session.closing else { return }
        sessions[id]?.telemetrySequence &+= 1
        if session.output.count > configuration.maximumQueuedBytes {
            statistics.telemetryDropped &+= 1
        } else {
            session.output.append(WireFrame.encode(message, sequence: session.telemetrySequence &+ 1))
        }
    }

    func broadcastTelemetry(_ message: AccessoryMessage, except excluded: SessionID? = nil) {
        for id in sessionIDs where sessions[id]?.docked == true && id != excluded { sendTelemetry(message, to: id) }
    }
}

/// Something only the transport can do, asked for by the hub.
public enum TransportRequest: Equatable, Sendable {
    /// Close this socket session's connection, after one last write of what
    /// waits for it (a refusal's ERR), then `closeSession`. `reason` is for the log.
    case close(SessionID, reason: String)
    /// This serial session's peer read nothing for the slow-consumer timeout and
    /// its queued output was thrown away: drop what the port still holds too.
    case discardPending(SessionID)
}
