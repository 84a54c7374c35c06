#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
package import SwivelBoard
package import SwivelCore
package import SwivelLink
package import SwivelProtocol
package import SwivelSimBackend
import SwivelStand

/// The link hub beside a simulated stand in virtual time, with one or more
/// scripted hosts: every byte goes through the real encoder and decoder.
package final class LinkHarness {
    package let virtual: VirtualStand
    package let hub: LinkHub
    package var decoders: [SessionID: FrameDecoder] = [:]
    /// Everything each session received, decoded, in order.
    package var received: [SessionID: [(header: FrameHeader, message: AccessoryMessage)]] = [:]
    package var nextSequence: UInt16 = 1
    /// Sessions whose host sends HEARTBEAT every 250 ms, as SwivelKit does.
    package var keepAlive: Set<SessionID> = []
    /// Sessions whose host never reads: their output stays queued in the hub.
    package var unread: Set<SessionID> = []
    /// What the hub asked the transports to do, in order; closes are carried out.
    package var transportRequests: [TransportRequest] = []
    private var ticks = 0

    package static let identity = Identity(
        uuid: DeviceIdentity.derived(from: Array("test".utf8)), axes: .all, capabilities: DeviceIdentity.capabilities,
        heartbeatTimeoutMilliseconds: 1000, motionStateRateHz: 50, trackingStateRateHz: 10,
        name: "Test Stand", firmwareVersion: FirmwareVersion.string, hardwareModel: "swivel-sim-1")

    package convenience init(board: String = "sim.json5", playDemo: Bool = false, maximumQueuedBytes: Int = 64 * 1024, maximumSessions: Int = 64) throws {
        try self.init(
            board: BoardFixtures.load(board), playDemo: playDemo, maximumQueuedBytes: maximumQueuedBytes, maximumSessions: maximumSessions)
    }

    package init(board: Board, playDemo: Bool = false, maximumQueuedBytes: Int = 64 * 1024, maximumSessions: Int = 64) throws {
        virtual = try VirtualStand(board: board, playDemo: playDemo)
        hub = LinkHub(
            stand: virtual.stand,
            configuration: LinkConfiguration(
                identity: Self.identity, maximumQueuedBytes: maximumQueuedBytes, maximumSessions: maximumSessions,
                gesturesEnabled: board.gesturesEnabled))
    }

    package var now: MonotonicInstant { virtual.deadline }

    package func connect(label: String = "test", transport: SessionTransport = .serial) -> SessionID {
        let id = hub.openSession(label: label, transport: transport, at: now)
        decoders[id] = FrameDecoder()
        received[id] = []
        return id
    }

    /// Sends raw bytes from a host.
    package func sendBytes(_ bytes: [UInt8], from id: SessionID) {
        hub.receive(bytes, from: id, at: now)
        drain()
    }

    /// Sends a message; returns the sequence number used.
    @discardableResult
    package func send(_ message: HostMessage, from id: SessionID, sequence: UInt16? = nil, flags: FrameFlags = []) -> UInt16 {
        let seq = sequence ?? nextSequence
        if sequence == nil { nextSequence &+= 1 }
        sendBytes(WireFrame.encode(message, sequence: seq, flags: flags), from: id)
        return seq
    }

    /// One control period: the stand ticks, then the hub services.
    package func step() {
        ticks += 1
        if ticks % 250 == 0 {
            for id in keepAlive.sorted(by: { $0.value < $1.value }) { send(.heartbeat, from: id) }
        }
        virtual.tick()
        hub.service(at: now)
        drain()
    }

    package func run(seconds: Double) {
        for _ in 0..<Int((seconds * 1000).rounded()) { step() }
    }

    package func drain() {
        for id in hub.sessionIDs where !unread.contains(id) {
            let bytes = hub.takeOutput(for: id)
            guard !bytes.isEmpty, var decoder = decoders[id] else { continue }
            var frames: [(FrameHeader, [UInt8])] = []
            decoder.feed(bytes) { frames.append(($0.header, $0.payloadBytes())) }
            decoders[id] = decoder
            for (header, payload) in frames {
                if let message = try? AccessoryMessage.decode(messageID: header.messageID, payload: payload) {
                    received[id, default: []].append((header, message))
                }
            }
        }
        for request in hub.takeTransportRequests() {
            transportRequests.append(request)
            // As the link thread does: the last bytes went out above, then the connection closes.
            if case .close(let id, _) = request { hub.closeSession(id, at: now) }
        }
    }

    /// The reply (ACK, ERR, IDENTITY) to `sequence`, stepping until it comes (at most 50 ticks).
    package func reply(to sequence: UInt16, on id: SessionID) -> AccessoryMessage? {
        for _ in 0..<50 {
            if let found = replies(to: sequence, on: id).first { return found }
            step()
        }
        return nil
    }

    package func replies(to sequence: UInt16, on id: SessionID) -> [AccessoryMessage] {
        (received[id] ?? []).filter { $0.header.sequence == sequence && $0.message.isReply }.map(\.message)
    }

    /// HELLO and its IDENTITY; returns the session.
    package func dockedSession(name: String = "tests") -> SessionID {
        let id = connect()
        let seq = send(.hello(Hello(clientName: name)), from: id)
        _ = reply(to: seq, on: id)
        keepAlive.insert(id)
        return id
    }

    /// Sends and waits for the reply.
    package func call(_ message: HostMessage, on id: SessionID) -> AccessoryMessage? {
        reply(to: send(message, from: id), on: id)
    }

    package func telemetry(on id: SessionID) -> [AccessoryMessage] {
        (received[id] ?? []).filter { !$0.message.isReply }.map(\.message)
    }

    package var positions: PerAxis<Double> { virtual.stand.status().measured }
}

extension AccessoryMessage {
    package var errorCode: SwivelError.Code? {
        if case .error(let e) = self { return e.code }
        return nil
    }

    package var receipt: MoveReceipt? {
        if case .ack(let ack) = self, case .moveStarted(let receipt) = ack.body { return receipt }
        return nil
    }

    package var isAck: Bool {
        if case .ack = self { return true }
        return false
    }
}

/// TRACK batches of one face as the back camera sees it: what the tracking
/// tests of the link and of the stand send through the harness.
extension LinkHarness {
    package static let camera = CameraInformation(deviceType: .wideAngle, position: .back, orientation: .landscapeLeft)
    package static let halfWidth = 1.107 / 2

    /// A face at world yaw `subjectYaw` (pitch level), as the back camera sees it from the stand's measured pose.
    package static func batch(subjectYaw: Double, standYaw: Double, identifier: Int64 = 7, ageMicroseconds: UInt32 = 0) -> TrackBatch {
        let u = 0.5 + tan(subjectYaw - standYaw) / (2 * tan(halfWidth))
        let rect = NormalizedRectLowerLeft(x: u - 0.05, y: 0.55, width: 0.1, height: 0.13)
        return TrackBatch(captureAgeMicroseconds: ageMicroseconds, camera: camera,
                          observations: [Observation(identifier: identifier, kind: .humanFace, rect: rect)])
    }
}
