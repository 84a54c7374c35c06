import SwivelProtocol

/// The frame decoder, fed the input after its first byte in one piece or in
/// chunks whose sizes the first byte seeds (every other chunk through the
/// non-contiguous path), must give the same frames and counts as
/// `ReferenceReceiver`, and every frame must re-encode to itself.
enum FrameDecoderTarget {
    static func run(_ input: [UInt8]) throws(Violation) {
        guard let control = input.first else { return }
        let stream = Array(input.dropFirst())
        let reference = ReferenceReceiver.receive(stream)

        // Bit 0 of the first byte: the whole stream in one call, or in chunks the
        // other bits seed. Both must match the document; libFuzzer tries both.
        let single = control & 1 == 0
        var decoder = FrameDecoder()
        let frames = feed(&decoder, stream, chunkSizes: ChunkSizes(seed: control >> 1, single: single))
        try expect(frames, decoder.statistics, equal: reference, how: single ? "fed in one piece" : "fed in chunks (seed \(control >> 1))")

        for frame in frames { try roundTrip(frame) }
    }

    /// Feeds `stream` in chunks; every other chunk (when chunked) as a lazy view,
    /// which has no contiguous storage and goes through the decoder's stack copy.
    private static func feed(_ decoder: inout FrameDecoder, _ stream: [UInt8], chunkSizes: ChunkSizes) -> [DecodedFrame] {
        var frames: [DecodedFrame] = []
        var sizes = chunkSizes
        var lazy = false
        // An empty feed must be harmless too.
        decoder.feed([UInt8]()) { _ in }
        var offset = 0
        while offset < stream.count {
            let end = min(offset + sizes.next(remaining: stream.count - offset), stream.count)
            let collect = { (frame: ReceivedFrame) in frames.append(DecodedFrame(header: frame.header, payload: frame.payloadBytes())) }
            if lazy {
                decoder.feed(stream[offset..<end].lazy.map { $0 }, collect)
            } else {
                decoder.feed(stream[offset..<end], collect)
            }
            lazy = !sizes.single && !lazy
            offset = end
        }
        return frames
    }

    private static func expect(
        _ frames: [DecodedFrame], _ statistics: FrameDecoderStatistics, equal reference: ReferenceReceiver.Outcome,
        how: String
    ) throws(Violation) {
        guard statistics == reference.statistics else {
            throw Violation(
                "the decoder counts what the document says", "\(how): decoder \(statistics), document \(reference.statistics)")
        }
        guard frames == reference.frames else {
            let index = zip(frames, reference.frames).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(frames.count, reference.frames.count)
            throw Violation(
                "the decoder delivers the frames the document says",
                "\(how): \(frames.count) frames against \(reference.frames.count); first difference at frame \(index)")
        }
    }

    /// A delivered frame, encoded again, decodes to exactly itself.
    private static func roundTrip(_ frame: DecodedFrame) throws(Violation) {
        guard frame.payload.count <= FrameLimits.maximumPayloadBytes else {
            throw Violation("a frame's payload is at most 1017 bytes", "delivered \(frame.payload.count)")
        }
        let encoded: [UInt8]
        do {
            encoded = try FrameEncoder.encode(frame.header, payload: frame.payload)
        } catch {
            throw Violation("a delivered frame re-encodes", "\(error)")
        }
        var decoder = FrameDecoder()
        var again: [DecodedFrame] = []
        decoder.feed(encoded) { again.append(DecodedFrame(header: $0.header, payload: $0.payloadBytes())) }
        guard again == [frame] else {
            throw Violation("a delivered frame re-encodes to itself", "decoded \(again.count) frames from its encoding")
        }
    }
}

/// Chunk sizes from one seed byte: mostly 1…64 bytes, now and then a whole
/// receive buffer's worth, so chunk edges fall everywhere in a frame.
struct ChunkSizes {
    private var state: UInt64
    let single: Bool

    init(seed: UInt8, single: Bool) {
        state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        self.single = single
    }

    mutating func next(remaining: Int) -> Int {
        guard !single else { return remaining }
        // xorshift64: small, deterministic, good enough to scatter chunk edges.
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state % 16 == 0 ? 1 + Int(state >> 54) : 1 + Int(state >> 58)
    }
}
