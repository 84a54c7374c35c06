/// Messages to wire bytes: payload, header, CRC, COBS, delimiter.
public enum WireFrame {
    public static func encode(_ message: AccessoryMessage, sequence: UInt16, flags: FrameFlags = []) -> [UInt8] {
        frame(message.encodePayload(), id: message.messageID, sequence: sequence, flags: flags)
    }

    public static func encode(_ message: HostMessage, sequence: UInt16, flags: FrameFlags = []) -> [UInt8] {
        frame(message.encodePayload(), id: message.messageID, sequence: sequence, flags: flags)
    }

    private static func frame(_ payload: [UInt8], id: MessageID, sequence: UInt16, flags: FrameFlags) -> [UInt8] {
        // Every message's largest form fits a frame (counts are capped when
        // encoding; WireFrameSizeTests pins it), so this never comes back empty.
        (try? FrameEncoder.encode(FrameHeader(flags: flags, sequence: sequence, messageID: id.rawValue), payload: payload)) ?? []
    }
}
