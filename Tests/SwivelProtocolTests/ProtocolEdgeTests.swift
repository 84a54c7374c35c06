import SwivelVocabulary
@testable import SwivelProtocol
import Testing

/// The edges docs/PROTOCOL.md states in words: a frame that decodes past
/// 1024 bytes, required lengths of messages that end in strings, a string cut
/// short, SET_ORIENTATION's two lengths, and TRACK's observation count.
@Suite struct ProtocolEdgeTests {
    @Test func aFrameThatDecodesToMoreThan1024BytesIsDroppedAndCountedAsOversize() {
        // 1028 bytes with a zero every 100: COBS adds one byte, so 1029 encoded
        // bytes fit the receive buffer, but the frame inside is 4 bytes too long.
        let decoded = handBuiltFrame([1, 0, 1, 0, 0x03] + (0..<1021).map { $0 % 100 == 0 ? 0 : 0x5A })
        #expect(decoded.count == 1028)
        var encoded: [UInt8] = []
        COBS.encode(decoded, appendingTo: &encoded)
        #expect(encoded.count + 1 == FrameLimits.maximumEncodedBytes) // 1029 and the delimiter
        var decoder = FrameDecoder()
        #expect(decoder.frames(from: encoded + [0]).isEmpty)
        #expect(decoder.statistics.oversize == 1)
        #expect(decoder.statistics.framesDropped == 1)
        #expect(decoder.lastError == .oversize)
    }

    @Test func requiredLengthsOfMessagesEndingInStrings() throws {
        // Shorter than required: badLength.
        #expect(throws: MessageError.badLength(.hello, received: 1, required: 2)) {
            try HostMessage.decode(messageID: MessageID.hello.rawValue, payload: [1])
        }
        #expect(throws: MessageError.badLength(.error, received: 7, required: 8)) {
            try AccessoryMessage.decode(messageID: MessageID.error.rawValue, payload: [0x20, 8, 0, 0, 0, 0, 0])
        }
        #expect(throws: MessageError.badLength(.batteryState, received: 6, required: 7)) {
            try AccessoryMessage.decode(messageID: MessageID.batteryState.rawValue, payload: [0, 0, 0x40, 0x3F, 1, 0])
        }
        // Exactly the required length: what follows reads as zero, a string as empty.
        #expect(try HostMessage.decode(messageID: MessageID.hello.rawValue, payload: [1, 1])
            == .hello(Hello(minimumVersion: 1, maximumVersion: 1, heartbeatIntervalMilliseconds: 0, clientName: "")))
        guard case .error(let bare) = try AccessoryMessage.decode(messageID: MessageID.error.rawValue, payload: [0x20, 8, 0, 0, 0, 0, 0, 0]) else {
            Issue.record("not an ERR")
            return
        }
        #expect(bare.reason == "")
        guard case .batteryState(let unnamed) = try AccessoryMessage.decode(
            messageID: MessageID.batteryState.rawValue, payload: [0, 0, 0x40, 0x3F, 1, 0, 0]) else {
            Issue.record("not a BATTERY_STATE")
            return
        }
        #expect(unnamed.name == "")
    }

    @Test func aStringCutShortKeepsWhatArrived() throws {
        // "main" announced, "ma" sent: the name is "ma".
        guard case .batteryState(let cut) = try AccessoryMessage.decode(
            messageID: MessageID.batteryState.rawValue, payload: [0, 0, 0x40, 0x3F, 1, 0, 4, 0x6D, 0x61]) else {
            Issue.record("not a BATTERY_STATE")
            return
        }
        #expect(cut.name == "ma")
        // A UTF-8 character cut in half is U+FFFD, never an error: "é" is C3 A9.
        let hello = try HostMessage.decode(messageID: MessageID.hello.rawValue, payload: [1, 1, 0, 0, 3, 0x61, 0xC3])
        #expect(hello == .hello(Hello(minimumVersion: 1, maximumVersion: 1, heartbeatIntervalMilliseconds: 0, clientName: "a\u{FFFD}")))
    }

    @Test func setOrientationNeeds18BytesAsAVectorAnd22AsAQuaternion() throws {
        let id = MessageID.setOrientation.rawValue
        let vector: [UInt8] = [0, 0] + [0, 0, 0, 0] + [0, 0, 0, 0] + [0, 0, 0x80, 0x3E] + [0, 0, 0, 0]
        #expect(vector.count == 18)
        guard case .setOrientation(let request) = try HostMessage.decode(messageID: id, payload: vector) else {
            Issue.record("not a SET_ORIENTATION")
            return
        }
        #expect(request.target == .angles(Vector3(yaw: 0.25)))
        #expect(throws: MessageError.badLength(.setOrientation, received: 17, required: 18)) {
            try HostMessage.decode(messageID: id, payload: Array(vector.dropLast()))
        }
        // Form 1 with only a vector's 18 bytes: the quaternion needs 22.
        #expect(throws: MessageError.badLength(.setOrientation, received: 18, required: 22)) {
            try HostMessage.decode(messageID: id, payload: [1] + vector.dropFirst())
        }
        // Senders send 22 in both forms: the vector's 4th f32 is padding.
        #expect(HostMessage.setOrientation(OrientationRequest(target: .angles(Vector3(yaw: 0.25)), durationSeconds: 0, relative: false))
            .encodePayload().count == 22)
    }

    @Test func moreThan16ObservationsIsInvalidParameterWhateverTheLength() {
        // TRACK's 53 fixed bytes with a count of 17 and no observations after it:
        // the count is judged first, so the answer is invalidParameter, not badLength.
        let payload = [UInt8](repeating: 0, count: 4) + [1, 2, 4, 0] + [UInt8](repeating: 0, count: 44) + [17]
        #expect(payload.count == 53)
        let error = MessageError.tooMany(.track, field: "observations", count: 17, maximum: 16)
        #expect(throws: error) { try HostMessage.decode(messageID: MessageID.track.rawValue, payload: payload) }
        #expect(error.wireCode == .invalidParameter)
    }
}
