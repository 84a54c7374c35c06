import SwivelCore
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelStandHarness
import Testing

@Suite struct LinkCommandTests {
    /// A docked host with system tracking off, as a manual app starts.
    func manualHost() throws -> (LinkHarness, SessionID) {
        let h = try LinkHarness()
        let id = h.dockedSession()
        #expect(h.call(.setSystemTracking(enabled: false), on: id)?.isAck == true)
        return (h, id)
    }

    @Test func manualCommandsWhileSystemTrackingIsOnAreRefused() throws {
        let h = try LinkHarness()
        let id = h.dockedSession()
        let move = OrientationRequest(target: .angles(Vector3(yaw: 0.5)), durationSeconds: 1, relative: false)
        for message in [HostMessage.setAngularVelocity(Vector3(yaw: 1)), .setOrientation(move), .animate(.no)] {
            #expect(h.call(message, on: id)?.errorCode == .systemTrackingActive)
        }
        h.step()
        #expect(h.virtual.stand.status().commandsApplied == 1)  // only the session reset
        // Stop is always allowed.
        #expect(h.call(.stop, on: id)?.isAck == true)
    }

    @Test func setOrientationMovesTheSimulatedYawAndReportsProgress() throws {
        let (h, id) = try manualHost()
        let move = OrientationRequest(target: .angles(Vector3(yaw: 0.5)), durationSeconds: 1, relative: false)
        let receipt = try #require(h.call(.setOrientation(move), on: id)?.receipt)
        #expect(receipt.plannedDurationSeconds == 1)
        #expect(receipt.target.yaw == 0.5)
        h.run(seconds: 1.2)
        #expect(abs(h.positions.yaw - 0.5) < 0.002)  // through the encoder: one count is 0.00077 rad
        let progress = h.telemetry(on: id).compactMap { message -> MotionProgress? in
            if case .progress(let p) = message, p.requestID == receipt.requestID { return p }
            return nil
        }
        #expect(progress.first?.state == .running)
        #expect(progress.last?.state == .finished)
        #expect(progress.filter { $0.state == .finished }.count == 3)
        let fractions = progress.map(\.fractionCompleted)
        #expect(fractions == fractions.sorted())
    }

    @Test func aRetransmittedRelativeMoveIsAppliedOnce() throws {
        let (h, id) = try manualHost()
        let move = HostMessage.setOrientation(OrientationRequest(target: .angles(Vector3(yaw: 0.3)), durationSeconds: 0.5, relative: true))
        let seq = h.send(move, from: id)
        // Retransmitted before the loop applied it, and again after.
        h.send(move, from: id, sequence: seq, flags: .retransmission)
        h.run(seconds: 0.8)
        h.send(move, from: id, sequence: seq, flags: .retransmission)
        h.run(seconds: 0.8)
        let replies = h.replies(to: seq, on: id)
        #expect(replies.count == 2)
        #expect(replies.allSatisfy { $0.receipt != nil })
        #expect(replies.first == replies.last)
        #expect(abs(h.positions.yaw - 0.3) < 0.002)
        #expect(h.hub.statistics.duplicatesAnswered == 2)
        // The same sequence number with a different payload is a new command.
        let other = HostMessage.setOrientation(OrientationRequest(target: .angles(Vector3(yaw: -0.3)), durationSeconds: 0.5, relative: true))
        h.send(other, from: id, sequence: seq)
        h.run(seconds: 0.8)
        #expect(abs(h.positions.yaw) < 0.002)
    }

    @Test func theRateLimitHoldsThroughTheWire() throws {
        let (h, id) = try manualHost()
        let move = { (yaw: Double) in HostMessage.setOrientation(OrientationRequest(target: .angles(Vector3(yaw: yaw)), durationSeconds: 2, relative: false)) }
        #expect(h.call(move(0.1), on: id)?.receipt != nil)
        #expect(h.call(.animate(.yes), on: id)?.receipt != nil)
        let third = h.call(move(0.2), on: id)
        #expect(third?.errorCode == .frameRateTooHigh)
        h.run(seconds: 1)
        #expect(h.call(move(0.3), on: id)?.receipt != nil)
    }

    @Test func invalidLimitsNameTheAxis() throws {
        let (h, id) = try manualHost()
        let bad = LimitsRequest(limits: PerAxis(pitch: .init(lowerRadians: 0.5, upperRadians: 0.1, maximumSpeed: 1), yaw: nil, roll: nil))
        guard case .error(let error)? = h.call(.setLimits(bad), on: id) else {
            Issue.record("expected ERR")
            return
        }
        #expect(error.code == .invalidParameter)
        #expect(error.axis == .pitch)
        let nan = LimitsRequest(limits: PerAxis(pitch: nil, yaw: .init(lowerRadians: -1, upperRadians: 1, maximumSpeed: .nan), roll: nil))
        #expect(h.call(.setLimits(nan), on: id)?.errorCode == .invalidParameter)
        #expect(h.virtual.stand.status().limits.yaw?.maximumSpeed == 3)
    }

    @Test func limitsPullTheAxisBackAndShowInTheState() throws {
        let (h, id) = try manualHost()
        #expect(h.call(.setOrientation(OrientationRequest(target: .angles(Vector3(yaw: 1)), durationSeconds: 0, relative: false)), on: id)?.receipt != nil)
        h.run(seconds: 1.5)
        let limits = LimitsRequest(limits: PerAxis(pitch: nil, yaw: .init(lowerRadians: -0.5, upperRadians: 0.5, maximumSpeed: 1), roll: nil))
        #expect(h.call(.setLimits(limits), on: id)?.isAck == true)
        h.run(seconds: 1.5)
        #expect(abs(h.positions.yaw - 0.5) < 0.002)
        guard case .ack(let ack)? = h.call(.getState, on: id), case .state(let state) = ack.body else {
            Issue.record("expected a state report")
            return
        }
        #expect(state.limits.yaw?.positionRange == -0.5...0.5)
        #expect(state.limits.yaw?.maximumSpeed == 1)
        #expect(abs(state.positions.yaw - 0.5) < 0.002)
        #expect(!state.systemTrackingEnabled)
        #expect(state.dockedSessions == 1)
        #expect(h.call(.resetLimits, on: id)?.isAck == true)
        h.step()
        #expect(h.virtual.stand.status().limits.yaw?.positionRange?.upperRadians == 2.8)
    }

    @Test func cancelStopsTheNamedMove() throws {
        let (h, id) = try manualHost()
        let receipt = try #require(h.call(.setOrientation(OrientationRequest(target: .angles(Vector3(yaw: 2)), durationSeconds: 3, relative: false)), on: id)?.receipt)
        h.run(seconds: 0.5)
        #expect(h.call(.cancel(requestID: receipt.requestID), on: id)?.isAck == true)
        h.run(seconds: 1)
        #expect(h.virtual.stand.status().lastRequest?.state == .cancelled)
        #expect(h.virtual.stand.status().commanded.yaw.velocity == 0)
    }

    @Test func malformedMessagesGetTypedErrorsAndChangeNothing() throws {
        let (h, id) = try manualHost()
        h.step()
        let applied = h.virtual.stand.status().commandsApplied
        // SET_ANGULAR_VELOCITY with 4 of its 12 bytes.
        h.sendBytes(try FrameEncoder.encode(FrameHeader(sequence: 300, messageID: MessageID.setAngularVelocity.rawValue), payload: [0, 0, 0x80, 0x3F]), from: id)
        #expect(h.reply(to: 300, on: id)?.errorCode == .badLength)
        h.sendBytes(try FrameEncoder.encode(FrameHeader(sequence: 301, messageID: 0x7E), payload: []), from: id)
        #expect(h.reply(to: 301, on: id)?.errorCode == .unknownMessage)
        h.sendBytes(try FrameEncoder.encode(FrameHeader(sequence: 302, messageID: MessageID.animate.rawValue), payload: [9]), from: id)
        #expect(h.reply(to: 302, on: id)?.errorCode == .invalidParameter)
        // A host sending an accessory message.
        h.sendBytes(try FrameEncoder.encode(FrameHeader(sequence: 303, messageID: MessageID.ack.rawValue), payload: [1]), from: id)
        #expect(h.reply(to: 303, on: id)?.errorCode == .unknownMessage)
        // Garbage and a corrupt frame are dropped and counted; the next frame still works.
        var corrupt = WireFrame.encode(.heartbeat, sequence: 304)
        corrupt[2] ^= 0x40
        h.sendBytes([0x13, 0x37, 0xFF, 0x00] + corrupt, from: id)
        #expect(h.hub.statistics.framesDropped >= 2)
        #expect(h.call(.heartbeat, on: id)?.isAck == true)
        // NaN velocity is the controller's to refuse.
        #expect(h.call(.setAngularVelocity(Vector3(yaw: .nan)), on: id)?.errorCode == .invalidParameter)
        h.run(seconds: 0.1)
        #expect(h.virtual.stand.status().commandsApplied == applied)
    }
}
