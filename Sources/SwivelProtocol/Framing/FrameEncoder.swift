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
        // The decoded frame is assembled on the stack: no allocation beyond
        // the growth of `output`.
        withUnsafeTemporaryAllocation(byteCount: FrameLimits.maximumDecodedBytes, alignment: 1) { frame in
            guard let base = frame.baseAddress else { return }
            header.write(to: base)
            let payloadStart = base + FrameHeader.byteCount
            let copied = payload.withContiguousStorageIfAvailable { contiguous -> Bool in
                if let source = contiguous.baseAddress {
                    payloadStart.copyMemory(from: source, byteCount: min(contiguous.count, payloadCount))
                }
                return true
            }
            if copied == nil {
                for (offset, byte) in payload.prefix(payloadCount).enumerated() {
                    payloadStart.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
                }
            }
            let bodyCount = FrameHeader.byteCount + payloadCount
            let crc = CRC16MCRF4XX.checksum(UnsafeRawBufferPointer(start: base, count: bodyCount))
            base.storeBytes(of: UInt8(truncatingIfNeeded: crc), toByteOffset: bodyCount, as: UInt8.self)
            base.storeBytes(of: UInt8(truncatingIfNeeded: crc >> 8), toByteOffset: bodyCount + 1, as: UInt8.self)
            let decoded = UnsafeRawBufferPointer(start: base, count: bodyCount + FrameLimits.checksumBytes)
            COBS.encode(decoded, appendingTo: &output)
        }
        output.append(0)
    }

    public static func encode(_ header: FrameHeader, payload: some Collection<UInt8>) throws(FramingError) -> [UInt8] {
        var output: [UInt8] = []
        try encode(header, payload: payload, appendingTo: &output)
        return output
    }
}
