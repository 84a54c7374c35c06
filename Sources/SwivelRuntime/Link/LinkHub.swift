import SwivelCore
public import SwivelHardware
import SwivelProtocol

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
    var internalTickets: [CommandTicket] = []
    var nextMotionState: MonotonicInstant?
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

    /// A socket connection, or a serial port (which stays open while hosts come
    /// and go: silence undocks its session, only the transport closes it).
    public func openSession(label: String, role: SessionRole = .host, at now: MonotonicInstant) -> SessionID {
        let id = SessionID(value: nextSessionID)
        nextSessionID += 1
        sessions[id] = LinkSession(id: id, label: label, role: role, at: now)
        refreshCounts()
        return id
    }

    /// The transport closed (socket EOF, serial device gone).
    public func closeSession(_ id: SessionID, at now: MonotonicInstant) {
        guard let session = sessions[id] else { return }
        if session.docked { undock(id, at: now, because: "the link closed") }
        sessions[id] = nil
        pending.removeAll { $0.session == id }
        refreshCounts()
    }

    public var sessionIDs: [SessionID] { sessions.keys.sorted { $0.value < $1.value } }

    public func isDocked(_ id: SessionID) -> Bool { sessions[id]?.docked ?? false }

    /// Bytes waiting to go out to `id`; the caller takes them all.
    public func takeOutput(for id: SessionID) -> [UInt8] {
        guard var session = sessions[id], !session.output.isEmpty else { return [] }
        let bytes = session.output
        session.output.removeAll(keepingCapacity: true)
        sessions[id] = session
        return bytes
    }

    // MARK: - Input

    public func receive(_ bytes: some Collection<UInt8>, from id: SessionID, at now: MonotonicInstant) {
        guard var session = sessions[id] else { return }
        var frames: [(FrameHeader, [UInt8])] = []
        let before = session.decoder.statistics
        session.decoder.feed(bytes) { frame in frames.append((frame.header, frame.payloadBytes())) }
        let after = session.decoder.statistics
        statistics.framesDropped &+= after.framesDropped &- before.framesDropped
        statistics.bytesDiscarded &+= after.bytesDiscarded &- before.bytesDiscarded
        sessions[id] = session
        for (header, payload) in frames {
            statistics.framesReceived &+= 1
            handle(header: header, payload: payload, from: id, at: now)
        }
    }

    // MARK: - Time

    /// Collects replies from the stand, undocks silent sessions and sends
    /// telemetry that is due. Call it at least every few milliseconds.
    public func service(at now: MonotonicInstant) {
        flushInternalCommands()
        collectReplies()
        expireSilentSessions(at: now)
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

    /// Commands are in the loop's mailbox: their replies come at the next tick,
    /// so the link should service again within one control period.
    public var awaitsReplies: Bool { !pending.isEmpty || !internalCommands.isEmpty }

    private func expireSilentSessions(at now: MonotonicInstant) {
        for id in sessionIDs {
            guard let session = sessions[id], session.docked,
                now.nanoseconds(since: session.lastHeard) > configuration.heartbeatTimeoutNanoseconds
            else { continue }
            statistics.heartbeatTimeouts &+= 1
            undock(id, at: now, because: "silent for longer than the heartbeat timeout")
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
        session.replies.removeAll()
        sessions[id] = session
        pending.removeAll { $0.session == id }
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
        statistics.sessionsOpen = sessions.count
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

    func send(_ message: AccessoryMessage, sequence: UInt16, to id: SessionID) {
        guard var session = sessions[id] else { return }
        session.output += WireFrame.encode(message, sequence: sequence)
        sessions[id] = session
    }

    /// Lossy: dropped for a peer that is not keeping up.
    func sendTelemetry(_ message: AccessoryMessage, to id: SessionID) {
        guard var session = sessions[id], session.docked else { return }
        session.telemetrySequence &+= 1
        if session.output.count > configuration.maximumQueuedBytes {
            statistics.telemetryDropped &+= 1
        } else {
            session.output += WireFrame.encode(message, sequence: session.telemetrySequence)
        }
        sessions[id] = session
    }

    func broadcastTelemetry(_ message: AccessoryMessage, except excluded: SessionID? = nil) {
        for id in sessionIDs where sessions[id]?.docked == true && id != excluded { sendTelemetry(message, to: id) }
    }
}
