import SwivelVocabulary
import Testing

@testable import SwivelProtocol

@Suite struct FrameDecoderTests {
    let first = CopiedFrame(header: FrameHeader(sequence: 1, messageID: 0x21), payload: [0x10, 0x00, 0x20])
    let second = CopiedFrame(
        header: FrameHeader(flags: .retransmission, sequence: 0xFFFF, messageID: 0xFE), payload: [])
    let third = CopiedFrame(header: FrameHeader(sequence: 0x1234, messageID: 0), payload: Array(0...255))

    func wire(_ frame: CopiedFrame) throws -> [UInt8] {
        try FrameEncoder.encode(frame.header, payload: frame.payload)
    }

    /// The decoder only ever counts up; this is what a clean run of `frames` leaves.
    func clean(frames: UInt64, empty: UInt64 = 0) -> FrameDecoderStatistics {
        FrameDecoderStatistics(framesDecoded: frames, emptyFrames: empty)
    }

    @Test func decodesGoldenVector() {
        var decoder = FrameDecoder()
        let frames = decoder.frames(from: [0x06, 0x01, 0x01, 0x34, 0x12, 0x42, 0x05, 0xAA, 0x55, 0x34, 0x6F, 0x00])
        #expect(
            frames == [
                CopiedFrame(
                    header: FrameHeader(flags: .retransmission, sequence: 0x1234, messageID: 0x42),
                    payload: [0x00, 0xAA, 0x55])
            ])
        #expect(decoder.statistics == clean(frames: 1))
        #expect(decoder.lastError == nil)
    }

    @Test func manyFramesInOneFeedArriveInOrder() throws {
        var decoder = FrameDecoder()
        let frames = decoder.frames(from: try wire(first) + wire(second) + wire(third) + wire(first))
        #expect(frames == [first, second, third, first])
        #expect(decoder.statistics == clean(frames: 4))
    }

    @Test func oneBytePerFeed() throws {
        var decoder = FrameDecoder()
        var frames: [CopiedFrame] = []
        for byte in try wire(first) + wire(third) + wire(second) {
            decoder.feed([byte]) { frames.append(CopiedFrame($0)) }
        }
        #expect(frames == [first, third, second])
        #expect(decoder.statistics == clean(frames: 3))
    }

    @Test func everySplitPointOfTwoFrames() throws {
        let stream = try wire(first) + wire(third)
        for split in 0...stream.count {
            var decoder = FrameDecoder()
            var frames = decoder.frames(from: Array(stream[..<split]))
            frames += decoder.frames(from: Array(stream[split...]))
            #expect(frames == [first, third], "split at \(split)")
        }
    }

    @Test func payloadPointsIntoTheBufferDuringTheCallback() throws {
        var decoder = FrameDecoder()
        var seen: [[UInt8]] = []
        try wire(third).withUnsafeBytes { bytes in
            decoder.feed(bytes) { frame in
                #expect(frame.payload.count == 256)
                seen.append(Array(frame.payload))
                #expect(frame.payloadBytes() == Array(frame.payload))
            }
        }
        #expect(seen == [third.payload])
    }

    /// Two delimiters in a row (and a leading one) are empty frames: ignored, not errors.
    @Test func emptyFramesAreIgnored() throws {
        var decoder = FrameDecoder()
        #expect(decoder.frames(from: [0x00, 0x00]).isEmpty)
        #expect(decoder.statistics == clean(frames: 0, empty: 2))
        let frames = decoder.frames(from: try [0x00] + wire(first) + [0x00, 0x00] + wire(second))
        #expect(frames == [first, second])
        #expect(decoder.statistics == clean(frames: 2, empty: 5))
        #expect(decoder.statistics.framesDropped == 0)
        #expect(decoder.lastError == nil)
    }

    @Test func passesAnyVersionThrough() throws {
        var decoder = FrameDecoder()
        let other = CopiedFrame(header: FrameHeader(version: 200, sequence: 5, messageID: 6), payload: [1])
        #expect(decoder.frames(from: try wire(other)) == [other])
    }

    @Test func ignoresReservedFlagBitsOnReceipt() {
        var decoder = FrameDecoder()
        var wireBytes: [UInt8] = []
        COBS.encode(handBuiltFrame([1, 0xFF, 0x02, 0x00, 0x09, 0xAB]), appendingTo: &wireBytes)
        COBS.encode(handBuiltFrame([1, 0xFE, 0x03, 0x00, 0x09]), appendingTo: &wireBytes)
        let frames = decoder.frames(
            from: Array(wireBytes[..<9]) + [0x00] + Array(wireBytes[9...]) + [0x00])
        #expect(frames.count == 2)
        #expect(frames.first?.header.flags.rawValue == 0x01)
        #expect(frames.first?.payload == [0xAB])
        #expect(frames.last?.header.flags.rawValue == 0x00)
        #expect(frames.last?.header.sequence == 3)
    }

    // MARK: Sizes

    @Test func largestFrameDecodes() throws {
        // All bytes non-zero: 1029 encoded bytes, the receive buffer's capacity.
        let largest = CopiedFrame(
            header: FrameHeader(version: 1, flags: .retransmission, sequence: 0x0101, messageID: 1),
            payload: [UInt8](repeating: 0x01, count: FrameLimits.maximumPayloadBytes))
        let bytes = try wire(largest)
        #expect(bytes.count == FrameLimits.maximumEncodedBytes)
        var whole = FrameDecoder()
        #expect(try whole.frames(from: bytes + wire(first)) == [largest, first])
        // The delimiter in a feed of its own, after the buffer has filled up.
        var split = FrameDecoder()
        #expect(split.frames(from: Array(bytes.dropLast())).isEmpty)
        #expect(split.frames(from: [0x00]) == [largest])
        var bytewise = FrameDecoder()
        var frames: [CopiedFrame] = []
        for byte in bytes { bytewise.feed([byte]) { frames.append(CopiedFrame($0)) } }
        #expect(frames == [largest])
        #expect(bytewise.statistics == clean(frames: 1))
    }

    /// One byte more than fits: 1030 encoded bytes with no delimiter yet.
    @Test func oversizeEncodingIsCountedOnceAndDropped() throws {
        var decoder = FrameDecoder()
        let tooLong = [UInt8](repeating: 0x01, count: FrameLimits.maximumEncodedBytes)
        #expect(decoder.frames(from: tooLong).isEmpty)
        // Counted as soon as the buffer overflows, before the delimiter arrives.
        #expect(decoder.statistics == FrameDecoderStatistics(oversize: 1, bytesDiscarded: 1030))
        #expect(decoder.lastError == .oversize)
        // The rest up to the delimiter is dropped: still one oversize frame.
        #expect(decoder.frames(from: [UInt8](repeating: 0x07, count: 5_000)).isEmpty)
        #expect(decoder.frames(from: try [0x00] + wire(first)) == [first])
        #expect(
            decoder.statistics == FrameDecoderStatistics(framesDecoded: 1, oversize: 1, bytesDiscarded: 6_030))
    }

    @Test func oversizeOneBytePerFeed() throws {
        var decoder = FrameDecoder()
        var frames: [CopiedFrame] = []
        for byte in [UInt8](repeating: 0x42, count: 3_000) + [0x00] + (try wire(second)) {
            decoder.feed([byte]) { frames.append(CopiedFrame($0)) }
        }
        #expect(frames == [second])
        #expect(decoder.statistics == FrameDecoderStatistics(framesDecoded: 1, oversize: 1, bytesDiscarded: 3_000))
    }

    /// The decoder side of a payload one byte too long, as a sender that skips
    /// FrameEncoder's check would send it. With zeros inside, its encoding fits
    /// the buffer and the decoded length gives it away; without, the buffer overflows.
    @Test func frameOfMaximumPlusOneIsOversize() {
        let body = [UInt8(1), 0, 1, 0, 9] + [UInt8](repeating: 0, count: FrameLimits.maximumPayloadBytes + 1)
        let frame = handBuiltFrame(body)
        #expect(frame.count == FrameLimits.maximumDecodedBytes + 1)
        var withZeros: [UInt8] = []
        COBS.encode(frame, appendingTo: &withZeros)
        #expect(withZeros.count < FrameLimits.maximumEncodedBytes - 1)
        var decoder = FrameDecoder()
        #expect(decoder.frames(from: withZeros + [0x00]).isEmpty)
        #expect(decoder.statistics.oversize == 1)
        #expect(decoder.statistics.bytesDiscarded == UInt64(withZeros.count))
        #expect(decoder.lastError == .oversize)

        let dense = handBuiltFrame([1, 1, 1, 1, 9] + [UInt8](repeating: 0x33, count: FrameLimits.maximumPayloadBytes + 1))
        var noZeros: [UInt8] = []
        COBS.encode(dense, appendingTo: &noZeros)
        #expect(noZeros.count >= FrameLimits.maximumEncodedBytes)
        #expect(decoder.frames(from: noZeros + [0x00]).isEmpty)
        #expect(decoder.statistics.oversize == 2)
        #expect(decoder.statistics.framesDropped == 2)
    }

    // MARK: Bad frames

    @Test func tooShortFrame() {
        var decoder = FrameDecoder()
        var bytes: [UInt8] = []
        COBS.encode([1, 0, 0, 0, 1, 0xAA], appendingTo: &bytes)
        #expect(decoder.frames(from: bytes + [0x00]).isEmpty)
        #expect(decoder.statistics == FrameDecoderStatistics(tooShort: 1, bytesDiscarded: UInt64(bytes.count)))
        #expect(decoder.lastError == .tooShort(bytes: 6))
    }

    @Test func badEncoding() {
        var decoder = FrameDecoder()
        #expect(decoder.frames(from: [0x05, 0x11, 0x22, 0x00]).isEmpty)
        #expect(decoder.statistics == FrameDecoderStatistics(badEncoding: 1, bytesDiscarded: 3))
        #expect(decoder.lastError == .badEncoding)
    }

    @Test func badChecksum() throws {
        var bytes = try wire(first)
        // 06 01 00 01 00 21 10 ...: flip a payload bit, keeping it non-zero.
        let index = try #require(bytes.firstIndex(of: 0x10))
        bytes[index] = 0x11
        var decoder = FrameDecoder()
        #expect(decoder.frames(from: bytes).isEmpty)
        #expect(decoder.statistics == FrameDecoderStatistics(badChecksum: 1, bytesDiscarded: UInt64(bytes.count - 1)))
        let body: [UInt8] = [1, 0, 1, 0, 0x21, 0x11, 0x00, 0x20]
        let sent = referenceCRC([UInt8](body[..<5]) + [0x10, 0x00, 0x20])
        #expect(decoder.lastError == .badChecksum(expected: referenceCRC(body), received: sent))
    }

    @Test func truncatedFrameThenValidFrame() throws {
        let full = try wire(third)
        for cut in 1..<(full.count - 1) {
            var decoder = FrameDecoder()
            // The truncated frame's bytes, then a valid frame: its delimiter
            // would merge them, so the truncated part is ended by a 0x00.
            let frames = decoder.frames(from: try Array(full[..<cut]) + [0x00] + wire(first))
            #expect(frames == [first], "cut at \(cut)")
            #expect(decoder.statistics.framesDropped == 1, "cut at \(cut)")
            #expect(decoder.statistics.bytesDiscarded == UInt64(cut), "cut at \(cut)")
        }
    }

    @Test func truncatedFrameEndedByTheNextFramesDelimiterOnly() throws {
        // No 0x00 of its own: the truncated head and the next frame merge into
        // one bad frame, and the frame after that decodes.
        var decoder = FrameDecoder()
        let frames = decoder.frames(from: try Array(wire(third).prefix(40)) + wire(first) + wire(second))
        #expect(frames == [second])
        #expect(decoder.statistics.framesDropped == 1)
    }

    @Test func garbageThenDelimiterThenValidFrame() throws {
        var random = SplitMix64(seed: 0x6A5B)
        let garbage = random.bytes(500, oneZeroIn: 0)
        var decoder = FrameDecoder()
        #expect(try decoder.frames(from: garbage + [0x00] + wire(first)) == [first])
        #expect(decoder.statistics.framesDecoded == 1)
        #expect(decoder.statistics.framesDropped == 1)
        #expect(decoder.statistics.bytesDiscarded == 500)
    }

    /// Inherent in COBS: garbage runs into the next frame unless a 0x00
    /// separates them; the sender's leading 0x00 is what prevents this.
    @Test func garbageWithoutDelimiterMergesWithTheNextFrame() throws {
        var decoder = FrameDecoder()
        let next = try wire(first)
        #expect(decoder.frames(from: [0x03, 0x44, 0x55, 0x66] + next).isEmpty)
        #expect(decoder.statistics.framesDropped == 1)
        #expect(decoder.statistics.bytesDiscarded == UInt64(4 + next.count - 1))
    }

    /// A limit of the wire format, pinned so it stays visible: CRC-16/MCRF4XX
    /// has no final XOR, so a valid frame with a 0x00 appended also checks
    /// (its payload gains the old checksum's low byte). On the wire that is a
    /// single bit flip turning the delimiter into 0x01 when another 0x00
    /// follows. Only the message layer's exact-length check catches it.
    @Test func trailingZeroAliasPassesTheChecksum() throws {
        var bytes = try wire(first)
        let decoded = try COBS.decode(bytes.dropLast())
        #expect(bytes.last == 0x00)
        bytes[bytes.count - 1] = 0x01
        var decoder = FrameDecoder()
        let frames = decoder.frames(from: bytes + [0x00])
        #expect(frames == [CopiedFrame(header: first.header, payload: first.payload + [decoded[decoded.count - 2]])])
        #expect(decoder.statistics.framesDropped == 0)
    }

    // MARK: Reset, copies, input kinds

    @Test func resetDropsAPartialFrame() throws {
        var decoder = FrameDecoder()
        let bytes = try wire(third)
        #expect(decoder.frames(from: Array(bytes.prefix(100))).isEmpty)
        decoder.reset()
        #expect(decoder.statistics == FrameDecoderStatistics(bytesDiscarded: 100))
        #expect(decoder.frames(from: try wire(first)) == [first])
        #expect(decoder.statistics == FrameDecoderStatistics(framesDecoded: 1, bytesDiscarded: 100))
    }

    @Test func resetEndsAnOversizeDiscard() throws {
        var decoder = FrameDecoder()
        #expect(decoder.frames(from: [UInt8](repeating: 0x01, count: 2_000)).isEmpty)
        decoder.reset()
        #expect(decoder.frames(from: try wire(first)) == [first])
        #expect(
            decoder.statistics == FrameDecoderStatistics(framesDecoded: 1, oversize: 1, bytesDiscarded: 2_000))
    }

    @Test func resetWithNothingPendingChangesNothing() {
        var decoder = FrameDecoder()
        decoder.reset()
        #expect(decoder.statistics == FrameDecoderStatistics())
    }

    @Test func copiesDecodeIndependently() throws {
        let bytes = try wire(third)
        var original = FrameDecoder()
        #expect(original.frames(from: Array(bytes.prefix(50))).isEmpty)
        var copy = original
        #expect(copy.frames(from: Array(bytes.dropFirst(50))) == [third])
        #expect(original.frames(from: [0x07, 0x00]).isEmpty)
        #expect(original.statistics.framesDropped == 1)
        #expect(copy.statistics == clean(frames: 1))
    }

    @Test func acceptsNonContiguousCollections() throws {
        let bytes = try wire(first) + wire(third) + wire(second)
        let lazy = bytes.lazy.map { $0 }
        #expect(lazy.withContiguousStorageIfAvailable { _ in true } == nil)
        var decoder = FrameDecoder()
        var frames: [CopiedFrame] = []
        decoder.feed(lazy) { frames.append(CopiedFrame($0)) }
        #expect(frames == [first, third, second])
        decoder.feed(bytes[7...].lazy.map { $0 }) { frames.append(CopiedFrame($0)) }
        #expect(frames.suffix(2) == [third, second])
    }

    @Test func emptyFeedDoesNothing() {
        var decoder = FrameDecoder()
        decoder.feed(UnsafeRawBufferPointer(start: nil, count: 0)) { _ in Issue.record("no frame expected") }
        decoder.feed([UInt8]()) { _ in Issue.record("no frame expected") }
        #expect(decoder.statistics == FrameDecoderStatistics())
    }
}
