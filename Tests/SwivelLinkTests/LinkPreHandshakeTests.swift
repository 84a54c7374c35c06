import SwivelCore
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelStandHarness
import Testing

/// Which ERR a frame gets on a session that has not sent HELLO: the frame is
/// checked (version, then id, length and ranges as it decodes) before the
/// session is, so a broken command says what is broken, and only a good one
/// hears notConnected. docs/PROTOCOL.md §4, "Before the handshake".
@Suite struct LinkPreHandshakeTests {
    func reply(toRaw header: FrameHeader, _ payload: [UInt8], on h: LinkHarness, id: SessionID) throws -> SwivelError.Code? {
        h.sendBytes(try FrameEncoder.encode(header, payload: payload), from: id)
        return h.reply(to: header.sequence, on: id)?.errorCode
    }

    @Test func theFrameIsJudgedBeforeTheSession() throws {
        let h = try LinkHarness()
        let id = h.connect()
        let velocity = MessageID.setAngularVelocity.rawValue
        let half: [UInt8] = [0, 0, 0, 0, 0, 0, 0x80, 0x3F, 0, 0, 0, 0]
        // Another protocol version: versionMismatch, whatever the message.
        #expect(try reply(toRaw: FrameHeader(version: 2, sequence: 1, messageID: velocity), half, on: h, id: id) == .versionMismatch)
        // An id nobody defined, or one that travels the other way: unknownMessage.
        #expect(try reply(toRaw: FrameHeader(sequence: 2, messageID: 0x7F), [], on: h, id: id) == .unknownMessage)
        #expect(try reply(toRaw: FrameHeader(sequence: 3, messageID: MessageID.ack.rawValue), [0x03], on: h, id: id) == .unknownMessage)
        // Too short: badLength.
        #expect(try reply(toRaw: FrameHeader(sequence: 4, messageID: velocity), [0, 0, 0, 0], on: h, id: id) == .badLength)
        // A value outside its range (NaN yaw): invalidParameter.
        let nan: [UInt8] = [0, 0, 0, 0, 0, 0, 0xC0, 0x7F, 0, 0, 0, 0]
        #expect(try reply(toRaw: FrameHeader(sequence: 5, messageID: velocity), nan, on: h, id: id) == .invalidParameter)
        // A good command: notConnected.
        #expect(try reply(toRaw: FrameHeader(sequence: 6, messageID: velocity), half, on: h, id: id) == .notConnected)
        #expect(h.virtual.stand.status().commandsApplied == 0)
        #expect(!h.hub.isDocked(id))
    }
}
