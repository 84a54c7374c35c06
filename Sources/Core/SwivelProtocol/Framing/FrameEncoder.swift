/// Builds wire frames: COBS(header ‖ payload ‖ CRC-16/MCRF4XX) followed by 0x00.
public enum FrameEncoder {
    /// Appends COBS(header ‖ payload ‖ crc) and the 0x00 delimiter to `output`.
    /// Reserved flag bits are sent as 0.
    public static func encode(
        _ header: FrameHeader, payload: some Collection<UInt8>, appendingTo output: inout [UInt8]
    ) throws(FramingError) {
        let payloadCount = payload.count
        guard payloadCount <= FrameLimits.maximumPayloadBytes else {
            throw .payloadTooLarge(bytes: payloadCount)
        }
        // The generic part ends here: the rest runs on a pointer, so a caller
        // in another module pays for no generic dispatch per byte.
        let contiguous: Void? = payload.withContiguousStorageIfAvailable { elements in
            encode(header, payload: UnsafeRawBufferPointer(elements), appendingTo: &output)
        }
        guard contiguous == nil else { return }
        withUnsafeTemporaryAllocation(byteCount: FrameLimits.maximumPayloadBytes, alignment: 1) { copy in
            var count = 0
            for byte in payload.prefix(payloadCount) {
                copy[count] = byte
                count += 1
            }
            encode(header, payload: UnsafeRawBufferPointer(rebasing: copy[..<count]), appendingTo: &output)
        }
    }

    public static func encode(_ header: FrameHeader, payload: some Collection<UInt8>) throws(FramingError) -> [UInt8] {
        var output: [UInt8] = []
        try encode(header, payload: payload, appendingTo: &output)
        return output
    }

    /// `payload` is at most `FrameLimits.maximumPayloadBytes` long.
    static func encode(_ header: FrameHeader, payload: UnsafeRawBufferPointer, appendingTo output: inout [UInt8]) {
        var headerBytes: UInt64 = 0
        withUnsafeMutableBytes(of: &headerBytes) { raw in
            if let base = raw.baseAddress { header.write(to: base) }
        }
        withUnsafeBytes(of: &headerBytes) { raw in
            let headerPart = UnsafeRawBufferPointer(rebasing: raw[..<FrameHeader.byteCount])
            let headerChecksum = CRC16MCRF4XX.update(CRC16MCRF4XX.initial, bytes: headerPart)
            var checksum = CRC16MCRF4XX.update(headerChecksum, bytes: payload).littleEndian
            // Room for the longest encoding, zero-filled so the delimiter is
            // already in place; the encoding is written there and the rest cut off.
            let start = output.count
            let room = COBS.maximumEncodedLength(forDecodedLength: FrameLimits.minimumDecodedBytes + payload.count) + 1
            output.appendZeros(room)
            let encodedCount = output.withUnsafeMutableBytes { buffer in
                guard let base = buffer.baseAddress else { return room - 1 }
                var writer = COBSWriter(output: base + start)
                writer.write(headerPart)
                writer.write(payload)
                withUnsafeBytes(of: &checksum) { writer.write($0) }
                return writer.finish()
            }
            output.removeLast(room - encodedCount - 1)
        }
    }
}

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
