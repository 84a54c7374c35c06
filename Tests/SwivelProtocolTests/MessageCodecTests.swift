import SwivelVocabulary
import SwivelProtocol
import Testing

@Suite struct MessageCodecTests {
    @Test func trailingBytesAreIgnoredAndMissingOptionalFieldsReadAsZero() throws {
        // A HELLO from a future host with an extra field appended.
        let future = HostMessage.hello(Hello(clientName: "future")).encodePayload() + [0xAA, 0xBB, 0xCC]
        #expect(try HostMessage.decode(messageID: MessageID.hello.rawValue, payload: future) == .hello(Hello(clientName: "future")))
        // A HELLO from a minimal host: only the two required bytes.
        let minimal = try HostMessage.decode(messageID: MessageID.hello.rawValue, payload: [1, 1])
        #expect(minimal == .hello(Hello(minimumVersion: 1, maximumVersion: 1, heartbeatIntervalMilliseconds: 0, clientName: "")))
        // DOCK_STATE without the trailing trackingButton byte.
        let dock = try AccessoryMessage.decode(messageID: MessageID.dockState.rawValue, payload: [1, 0])
        #expect(dock == .dockState(DockState(docked: true, systemTrackingEnabled: false, trackingButtonEnabled: false)))
    }

    @Test func requiredFieldsAreRequired() {
        #expect(throws: MessageError.badLength(.setAngularVelocity, received: 8, required: 12)) {
            try HostMessage.decode(messageID: MessageID.setAngularVelocity.rawValue, payload: [UInt8](repeating: 0, count: 8))
        }
        // A quaternion target needs all four components.
        #expect(throws: MessageError.badLength(.setOrientation, received: 18, required: 22)) {
            try HostMessage.decode(messageID: MessageID.setOrientation.rawValue, payload: [1] + [UInt8](repeating: 0, count: 17))
        }
        // Two axes of limits announced, one sent.
        #expect(throws: MessageError.badLength(.setLimits, received: 13, required: 25)) {
            try HostMessage.decode(messageID: MessageID.setLimits.rawValue, payload: [0b011] + [UInt8](repeating: 0, count: 12))
        }
    }

    @Test func unknownValuesAndDirectionsAreTypedErrors() {
        #expect(throws: MessageError.unknownValue(.animate, field: "animation", value: 0)) {
            try HostMessage.decode(messageID: MessageID.animate.rawValue, payload: [0])
        }
        #expect(throws: MessageError.unknownMessage(id: 0x99)) { try HostMessage.decode(messageID: 0x99, payload: []) }
        #expect(throws: MessageError.wrongDirection(.motionState)) { try HostMessage.decode(messageID: MessageID.motionState.rawValue, payload: []) }
        #expect(throws: MessageError.wrongDirection(.stop)) { try AccessoryMessage.decode(messageID: MessageID.stop.rawValue, payload: []) }
        #expect(throws: MessageError.tooMany(.selectSubjects, field: "subject ids", count: 17, maximum: 16)) {
            try HostMessage.decode(messageID: MessageID.selectSubjects.rawValue, payload: [17] + [UInt8](repeating: 0, count: 17 * 16))
        }
    }

    /// GESTURE: 5 bytes, u8 gesture then f32 confidence; ACCESSORY_EVENT kind 5
    /// carries the gesture code in the button id byte, pressed set.
    @Test func gesturesDecodeAndTheirEventCarriesTheCode() throws {
        #expect(try HostMessage.decode(messageID: MessageID.gesture.rawValue, payload: [1, 0, 0, 0x40, 0x3F])
            == .gesture(Gesture(kind: .openPalm, confidence: 0.75)))
        // Trailing bytes from a later version are ignored.
        #expect(try HostMessage.decode(messageID: MessageID.gesture.rawValue, payload: [1, 0, 0, 0x80, 0x3F, 9, 9])
            == .gesture(Gesture(kind: .openPalm, confidence: 1)))
        #expect(throws: MessageError.badLength(.gesture, received: 4, required: 5)) {
            try HostMessage.decode(messageID: MessageID.gesture.rawValue, payload: [1, 0, 0, 0x3F])
        }
        for code: UInt8 in [0, 2, 255] {
            #expect(throws: MessageError.unknownValue(.gesture, field: "gesture", value: UInt64(code))) {
                try HostMessage.decode(messageID: MessageID.gesture.rawValue, payload: [code, 0, 0, 0x40, 0x3F])
            }
        }
        #expect(HostMessage.gesture(Gesture(kind: .openPalm, confidence: 0.5)).encodePayload() == [1, 0, 0, 0, 0x3F])
        #expect(MessageID.gesture.rawValue == 0x35 && "\(MessageID.gesture)" == "GESTURE")

        let event = AccessoryMessage.accessoryEvent(.gesture(.openPalm))
        #expect(event.encodePayload() == [5, 0, 0, 0, 0, 1, 1])
        #expect(try AccessoryMessage.decode(messageID: MessageID.accessoryEvent.rawValue, payload: [5, 0, 0, 0, 0, 1, 1]) == event)
        #expect(throws: MessageError.unknownValue(.accessoryEvent, field: "gesture", value: 7)) {
            try AccessoryMessage.decode(messageID: MessageID.accessoryEvent.rawValue, payload: [5, 0, 0, 0, 0, 7, 1])
        }
        // A stand never sends it, and a host cannot: it is a vision-link → stand message.
        #expect(throws: MessageError.wrongDirection(.gesture)) {
            try AccessoryMessage.decode(messageID: MessageID.gesture.rawValue, payload: [1, 0, 0, 0x40, 0x3F])
        }
    }

    @Test func stringsAreCutOnACharacterBoundaryAndBadUTF8IsRepaired() throws {
        let long = String(repeating: "é", count: 200)  // 400 bytes of UTF-8
        let payload = HostMessage.hello(Hello(clientName: long)).encodePayload()
        guard case .hello(let hello) = try HostMessage.decode(messageID: MessageID.hello.rawValue, payload: payload) else {
            Issue.record("not a HELLO")
            return
        }
        #expect(hello.clientName == String(repeating: "é", count: 127))
        let bad: [UInt8] = [1, 1, 0, 0, 3, 0x61, 0xFF, 0x62]
        guard case .hello(let repaired) = try HostMessage.decode(messageID: MessageID.hello.rawValue, payload: bad) else {
            Issue.record("not a HELLO")
            return
        }
        #expect(repaired.clientName == "a\u{FFFD}b")
    }

    @Test func theLargestFormOfEveryMessageFitsOneFrame() throws {
        let uuid = try #require(WireUUID(bytes: [UInt8](repeating: 7, count: 16)))
        let rect = NormalizedRectLowerLeft(x: 0, y: 0, width: 1, height: 1)
        // Sizes do not depend on values; these are values the stand accepts (docs/PROTOCOL.md, "Field ranges").
        let camera = CameraInformation(deviceType: .telephoto, position: .front, orientation: .faceDown,
                                       intrinsics: .init(matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], referenceWidth: 1, referenceHeight: 1))
        let batch = TrackBatch(captureAgeMicroseconds: 1_000_000, camera: camera, observations: Array(
            repeating: .init(identifier: .max, kind: .object, rect: rect, faceYawRadians: 1, speakingConfidence: 1, lookingAtCameraConfidence: 1),
            count: 40))
        let long = String(repeating: "x", count: 400)
        let host: [HostMessage] = [.track(batch), .selectSubjects(Array(repeating: uuid, count: 40)), .hello(Hello(clientName: long))]
        let accessory: [AccessoryMessage] = [
            .trackingState(TrackingStateReport(timeMicroseconds: .max, subjects: Array(
                repeating: .init(uuid: uuid, kind: .object, rect: rect, saliencyRank: 255, speakingConfidence: 1, lookingAtCameraConfidence: 1),
                count: 40))),
            .identity(Identity(uuid: uuid, axes: .all, capabilities: Capabilities(rawValue: .max), heartbeatTimeoutMilliseconds: 1,
                               motionStateRateHz: 1, trackingStateRateHz: 1, name: long, firmwareVersion: long, hardwareModel: long)),
            .error(ErrorReply(commandID: 1, code: .busy, axis: .roll, value: 1, reason: long)),
        ]
        for message in host {
            #expect(message.encodePayload().count <= FrameLimits.maximumPayloadBytes)
            #expect(!WireFrame.encode(message, sequence: 1).isEmpty)
        }
        for message in accessory {
            #expect(message.encodePayload().count <= FrameLimits.maximumPayloadBytes)
            #expect(!WireFrame.encode(message, sequence: 1).isEmpty)
        }
        // Counts beyond the maximum are cut when encoding, never sent as a frame nobody accepts.
        guard case .track(let sent) = try HostMessage.decode(messageID: MessageID.track.rawValue, payload: HostMessage.track(batch).encodePayload()) else {
            Issue.record("not a TRACK")
            return
        }
        #expect(sent.observations.count == TrackBatch.maximumObservations)
    }

    /// Random payloads for every id: each decodes or throws a typed error, and
    /// whatever decodes re-encodes to a payload that decodes to the same message.
    @Test func randomPayloadsNeverCrashTheMessageDecoders() throws {
        var random = SplitMix64(seed: 0x5157_4976_454C)
        var decoded = 0
        for _ in 0..<100_000 {
            let id = UInt8(truncatingIfNeeded: random.next() % 0x50)
            let length = Int(random.next() % 80)
            let payload = random.bytes(length)
            if let message = try? HostMessage.decode(messageID: id, payload: payload) {
                decoded += 1
                let again = try HostMessage.decode(messageID: id, payload: message.encodePayload())
                #expect(again.messageID == message.messageID)
            }
            if let message = try? AccessoryMessage.decode(messageID: id, payload: payload) {
                decoded += 1
                let again = try AccessoryMessage.decode(messageID: id, payload: message.encodePayload())
                #expect(again.messageID == message.messageID)
            }
        }
        #expect(decoded > 10_000, "the fuzz reaches the decoders' success paths")
    }
}
