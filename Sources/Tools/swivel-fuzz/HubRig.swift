import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelPOSIX
import SwivelProtocol
import SwivelRuntime
import SwivelSimBackend

/// A virtual stand, its link hub and four session slots (the last a vision
/// link), with a mirror decoder per slot that sees exactly the bytes the hub
/// sees, so the rig knows every command the hub decoded and can demand its reply.
final class HubRig {
    struct Slot {
        let role: SessionRole
        var id: SessionID?
        /// Same bytes as the hub's decoder for this session: same frames.
        var mirror = FrameDecoder()
        /// Decodes what the hub sends back.
        var output = FrameDecoder()
        var nextSequence: UInt16 = 1
        var lastFrame: [UInt8] = []
        /// Raw bytes went out since the last delimiter: the next frame needs a 0x00 first.
        var dirty = false
        /// Sequence numbers of decoded commands not answered yet, and of every decoded command.
        var awaiting: Set<UInt16> = []
        var decoded: Set<UInt16> = []
        /// Send HEARTBEAT every `keepAliveTicks` while docked.
        var keepAlive = true
        var docked = false
    }

    /// SWIVEL_FUZZ_TRACE=1: every op, frame, reply and tick count on stderr, to read a reproducer.
    nonisolated(unsafe) static var tracing = false

    func trace(_ line: @autoclosure () -> String) {
        if Self.tracing { StandardError.write("[tick \(ticks)] \(line())\n") }
    }

    let virtual: VirtualStand
    let hub: LinkHub
    let promises: LinkHubTarget.Promises
    var caps: CapWatch
    var slots: [Slot] = [Slot(role: .host), Slot(role: .host), Slot(role: .host), Slot(role: .vision)]
    private(set) var ticks = 0

    static let heartbeatTimeoutMilliseconds: Int64 = 100
    /// Hosts that keep alive send HEARTBEAT four times per timeout, as SwivelKit does (250 ms of 1 s).
    static let keepAliveTicks = 25

    /// A fixed UUID: the same input gives the same bytes on every machine.
    static let uuid = WireUUID(bytes: [UInt8](repeating: 0x5A, count: 16)) ?? .zero

    init(board: Board, promises: LinkHubTarget.Promises) throws(StandSetupError) {
        virtual = try VirtualStand(board: board, playDemo: false)
        // A tenth of the daemon's heartbeat timeout, so an input reaches a timeout in 100 ticks, not 1000.
        let identity = DeviceIdentity.identity(
            board: board, uuid: Self.uuid, heartbeatTimeoutMilliseconds: UInt16(Self.heartbeatTimeoutMilliseconds), motionStateRateHz: 50)
        hub = LinkHub(
            stand: virtual.stand,
            // Gestures on whatever the board says, so the vision slot's GESTURE reaches the toggle.
            configuration: LinkConfiguration(
                identity: identity, heartbeatTimeoutNanoseconds: Self.heartbeatTimeoutMilliseconds * 1_000_000,
                gesturesEnabled: true))
        self.promises = promises
        caps = CapWatch(board: board)
        open(0)
    }

    var now: MonotonicInstant { virtual.deadline }

    static func describe(_ message: AccessoryMessage) -> String {
        switch message {
        case .error(let error): ": \(error.code) \(error.reason)"
        case .ack(let ack):
            switch ack.body {
            case .moveStarted(let receipt): ": request \(receipt.requestID), planned \(receipt.plannedDurationSeconds) s"
            default: ""
            }
        default: ""
        }
    }

    func open(_ slot: Int) {
        guard slots[slot].id == nil else { return }
        trace("slot \(slot) opens")
        let role = slots[slot].role
        slots[slot] = Slot(role: role)
        slots[slot].id = hub.openSession(label: "fuzz-\(slot)", role: role, at: now)
    }

    /// The transport closed: replies still owed are owed to nobody.
    func close(_ slot: Int) {
        guard let id = slots[slot].id else { return }
        trace("slot \(slot) closes")
        hub.closeSession(id, at: now)
        slots[slot].id = nil
    }

    /// Bytes from the host in `slot`, as one read.
    func send(_ bytes: [UInt8], from slot: Int) throws(Violation) {
        guard let id = slots[slot].id, !bytes.isEmpty else { return }
        var decodedNow: [UInt16] = []
        var described: [String] = []
        slots[slot].mirror.feed(bytes) { frame in
            decodedNow.append(frame.header.sequence)
            if Self.tracing {
                let name = MessageID(rawValue: frame.header.messageID).map { "\($0)" } ?? "id 0x\(String(frame.header.messageID, radix: 16))"
                described.append("\(name) seq \(frame.header.sequence) v\(frame.header.version), \(frame.payload.count) bytes")
            }
        }
        trace("slot \(slot) sends \(bytes.count) bytes: \(described.isEmpty ? "no whole frame" : described.joined(separator: "; "))")
        for sequence in decodedNow {
            slots[slot].awaiting.insert(sequence)
            slots[slot].decoded.insert(sequence)
        }
        if let last = bytes.last { slots[slot].dirty = last != 0 }
        hub.receive(bytes, from: id, at: now)
        try drain()
    }

    /// A whole frame, after a 0x00 if garbage went before it (as the document asks a sender to).
    func sendFrame(_ frame: [UInt8], from slot: Int) throws(Violation) {
        let bytes = slots[slot].dirty ? [0] + frame : frame
        slots[slot].lastFrame = frame
        try send(bytes, from: slot)
    }

    func sequence(for slot: Int, reuse: Bool) -> UInt16 {
        if reuse { return slots[slot].nextSequence &- 1 }
        defer { slots[slot].nextSequence &+= 1 }
        return slots[slot].nextSequence
    }

    /// One control period: the stand ticks, then the hub services, as the daemon's two threads do.
    func tick() throws(Violation) {
        ticks += 1
        if ticks % Self.keepAliveTicks == 0 {
            for slot in slots.indices where slots[slot].keepAlive && slots[slot].docked {
                let frame = WireFrame.encode(.heartbeat, sequence: sequence(for: slot, reuse: false))
                try sendFrame(frame, from: slot)
            }
        }
        virtual.tick()
        if promises.contains(.caps) { try caps.check(virtual.stand.status(), tick: ticks) }
        hub.service(at: now)
        try drain()
    }

    /// The link thread servicing between ticks.
    func service() throws(Violation) {
        hub.service(at: now)
        try drain()
    }

    /// Takes what the hub wrote to each session and checks it.
    func drain() throws(Violation) {
        for slot in slots.indices {
            guard let id = slots[slot].id else { continue }
            slots[slot].docked = hub.isDocked(id)
            let bytes = hub.takeOutput(for: id)
            guard !bytes.isEmpty else { continue }
            var frames: [(FrameHeader, [UInt8])] = []
            slots[slot].output.feed(bytes) { frames.append(($0.header, $0.payloadBytes())) }
            if promises.contains(.telemetry), slots[slot].output.statistics.framesDropped > 0 {
                throw Violation("the stand sends only valid frames", "slot \(slot): \(slots[slot].output.statistics)")
            }
            for (header, payload) in frames {
                let message: AccessoryMessage
                do {
                    message = try AccessoryMessage.decode(messageID: header.messageID, payload: payload)
                } catch {
                    guard !promises.contains(.telemetry) else {
                        throw Violation("everything the stand sends decodes", "slot \(slot), id 0x\(String(header.messageID, radix: 16)): \(error)")
                    }
                    continue
                }
                guard message.isReply else { continue }
                trace("slot \(slot) receives \(message.messageID) to seq \(header.sequence)\(Self.describe(message))")
                if promises.contains(.replies), !slots[slot].decoded.contains(header.sequence) {
                    throw Violation("a reply answers a command", "slot \(slot): \(message.messageID) to sequence \(header.sequence), which no command carried")
                }
                slots[slot].awaiting.remove(header.sequence)
            }
        }
    }

    /// Runs on with every docked host sending heartbeats, then demands a reply
    /// to every command on a session that is still open.
    func settle(ticks count: Int) throws(Violation) {
        for slot in slots.indices { slots[slot].keepAlive = true }
        for _ in 0..<count { try tick() }
        guard promises.contains(.replies) else { return }
        for slot in slots.indices where slots[slot].id != nil && !slots[slot].awaiting.isEmpty {
            let missing = slots[slot].awaiting.sorted()
            throw Violation(
                "every command is answered",
                "slot \(slot): no reply to sequence\(missing.count == 1 ? "" : "s") \(missing.prefix(8).map(String.init).joined(separator: ", ")) after \(count) ticks")
        }
    }
}
