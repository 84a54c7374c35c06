import SwivelProtocol

/// docs/PROTOCOL.md §1 "What a receiver does with bytes", written out again
/// as plainly as possible (arrays, no in-place decoding), so the real decoder
/// can be compared with the document and not only with itself.
enum ReferenceReceiver {
    struct Outcome: Equatable {
        var frames: [DecodedFrame] = []
        var statistics = FrameDecoderStatistics()
    }

    /// The longest encoding before a delimiter (§1: "at most 1024 + ⌈1024/254⌉ = 1029 bytes").
    static let longestEncoding = 1029

    static func receive(_ stream: [UInt8]) -> Outcome {
        var outcome = Outcome()
        var start = 0
        while let end = stream[start...].firstIndex(of: 0) {
            finish(stream[start..<end], into: &outcome)
            start = end + 1
        }
        // No delimiter yet: held, unless it is already too long for any frame.
        if stream.count - start > longestEncoding {
            outcome.statistics.oversize += 1
            outcome.statistics.bytesDiscarded += UInt64(stream.count - start)
        }
        return outcome
    }

    private static func finish(_ segment: ArraySlice<UInt8>, into outcome: inout Outcome) {
        if segment.isEmpty {
            outcome.statistics.emptyFrames += 1
            return
        }
        func drop(_ counter: WritableKeyPath<FrameDecoderStatistics, UInt64>) {
            outcome.statistics[keyPath: counter] += 1
            outcome.statistics.bytesDiscarded += UInt64(segment.count)
        }
        guard segment.count <= longestEncoding else { return drop(\.oversize) }
        guard let decoded = cobsDecode(segment) else { return drop(\.badEncoding) }
        // The document's table has no row for this; the frame layout's "a frame is
        // 7 … 1024 bytes" makes it an oversize frame, as the decoder counts it.
        guard decoded.count <= 1024 else { return drop(\.oversize) }
        guard decoded.count >= 7 else { return drop(\.tooShort) }
        let body = decoded[..<(decoded.count - 2)]
        let received = UInt16(decoded[decoded.count - 2]) | UInt16(decoded[decoded.count - 1]) << 8
        guard crc16MCRF4XX(body) == received else { return drop(\.badChecksum) }
        outcome.statistics.framesDecoded += 1
        outcome.frames.append(DecodedFrame(
            header: FrameHeader(
                version: decoded[0], flags: FrameFlags(rawValue: decoded[1] & FrameFlags.retransmission.rawValue),
                sequence: UInt16(decoded[2]) | UInt16(decoded[3]) << 8, messageID: decoded[4]),
            payload: Array(decoded[5..<(decoded.count - 2)])))
    }

    /// COBS as Cheshire and Baker describe it, short and long form alike: a
    /// code byte n is followed by n − 1 data bytes and, unless n is 0xFF or the
    /// block ends the input, stands for a zero after them.
    static func cobsDecode(_ encoded: ArraySlice<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let code = Int(encoded[index])
            guard code != 0, index + code <= encoded.endIndex else { return nil }
            let block = encoded[(index + 1)..<(index + code)]
            // The caller split at every 0x00, so a block never holds one; checked anyway.
            guard !block.contains(0) else { return nil }
            output.append(contentsOf: block)
            index += code
            if code != 0xFF && index < encoded.endIndex { output.append(0) }
        }
        return output
    }

    /// CRC-16/MCRF4XX bit by bit, from its definition (§1): reflected 0x8408, init 0xFFFF, no final XOR.
    /// Branch-free (the polynomial masked in by the low bit), so the fuzz build's
    /// comparison hooks are spent on the decoder, not on this.
    static func crc16MCRF4XX(_ bytes: ArraySlice<UInt8>) -> UInt16 {
        var crc: UInt16 = 0xFFFF
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0x8408 & (0 &- (crc & 1))) }
        }
        return crc
    }
}

/// One frame as a receiver hands it on: header and a copy of the payload.
struct DecodedFrame: Equatable {
    var header: FrameHeader
    var payload: [UInt8]
}
