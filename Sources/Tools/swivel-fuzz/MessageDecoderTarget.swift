import SwivelProtocol

/// The message decoders: the input's first byte is a message id, the rest its
/// payload. Whatever decodes (as a host message or an accessory message) must
/// re-encode into a payload that fits a frame, decodes again, and encodes to
/// the same bytes a second time (the first re-encoding is canonical).
enum MessageDecoderTarget {
    static func run(_ input: [UInt8]) throws(Violation) {
        guard let id = input.first else { return }
        let payload = Array(input.dropFirst())
        if let message = try? HostMessage.decode(messageID: id, payload: payload) {
            try check(
                id: id, messageID: message.messageID, encoded: message.encodePayload(),
                frame: WireFrame.encode(message, sequence: 0x1234),
                decodeAgain: { bytes throws(MessageError) in try HostMessage.decode(messageID: id, payload: bytes).encodePayload() })
        }
        if let message = try? AccessoryMessage.decode(messageID: id, payload: payload) {
            try check(
                id: id, messageID: message.messageID, encoded: message.encodePayload(),
                frame: WireFrame.encode(message, sequence: 0x1234),
                decodeAgain: { bytes throws(MessageError) in try AccessoryMessage.decode(messageID: id, payload: bytes).encodePayload() })
        }
    }

    private static func check(
        id: UInt8, messageID: MessageID, encoded: [UInt8], frame: [UInt8],
        decodeAgain: ([UInt8]) throws(MessageError) -> [UInt8]
    ) throws(Violation) {
        guard messageID.rawValue == id else {
            throw Violation("a message decodes as the id it came with", "id 0x\(String(id, radix: 16)) decoded as \(messageID)")
        }
        guard encoded.count <= FrameLimits.maximumPayloadBytes, !frame.isEmpty else {
            throw Violation("every decoded message fits a frame", "\(messageID) re-encodes to \(encoded.count) bytes")
        }
        let again: [UInt8]
        do {
            again = try decodeAgain(encoded)
        } catch {
            throw Violation("the encoding of a decoded message decodes", "\(messageID): \(error)")
        }
        guard again == encoded else {
            throw Violation(
                "a re-encoded message is canonical",
                "\(messageID): \(encoded.count) bytes, then \(again.count) bytes after another decode and encode")
        }
        var decoder = FrameDecoder()
        var payloads: [[UInt8]] = []
        decoder.feed(frame) { payloads.append($0.payloadBytes()) }
        guard payloads == [encoded] else {
            throw Violation("a message's frame carries its payload", "\(messageID): \(payloads.count) frames decoded")
        }
    }
}
