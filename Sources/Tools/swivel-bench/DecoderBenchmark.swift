import SwivelPOSIX
import SwivelProtocol
import SwivelToolSupport

/// Framing throughput in frames/s and MB/s: `FrameDecoder.feed` over a stream
/// of small frames handed over in 4 KiB chunks (as a serial read returns
/// them), beside a plain Swift scan of the same chunks for 0x00 — the cost
/// floor of finding delimiters — and `FrameEncoder.encode` of the same frames.
struct DecoderBenchmark: Benchmark {
    let name = "decoder"
    let summary = "framing throughput (frames/s, MB/s): FrameDecoder.feed in 4 KiB chunks vs a 0x00 scan; FrameEncoder.encode"

    static let smallPayloadBytes = 12
    static let largePayloadBytes = FrameLimits.maximumPayloadBytes
    static let chunkBytes = 4_096
    /// Frames per timed repetition, decoded from a stream of a tenth as many fed ten times.
    static let smallFrames = 1_000_000
    static let largeFrames = 20_000
    static let passes = 10
    static let targetFramesPerSecond = 1e6

    func run(_ options: BenchOptions) throws(ToolFailure) -> BenchReport {
        let small = try Workload(payloadBytes: Self.smallPayloadBytes, frames: Self.smallFrames / Self.passes)
        let large = try Workload(payloadBytes: Self.largePayloadBytes, frames: Self.largeFrames / Self.passes)
        // One untimed pass each: page faults and caches belong to no repetition.
        _ = small.scan(passes: 1)
        _ = try small.decode(passes: 1)
        _ = try small.encode(passes: 1)
        _ = try large.decode(passes: 1)

        var scan = Samples()
        var decode = Samples()
        var encode = Samples()
        var largeScan = Samples()
        var largeDecode = Samples()
        for _ in 0..<options.repetitions {
            scan.add(small.scan(passes: Self.passes))
            decode.add(try small.decode(passes: Self.passes))
            encode.add(try small.encode(passes: Self.passes))
            largeScan.add(large.scan(passes: Self.passes))
            largeDecode.add(try large.decode(passes: Self.passes))
        }

        var table = ResultTable(columns: [
            "figure (median)", "frames/s", "MB/s", "ns/frame", "frames/s min–max", "÷ scan", "target",
        ])
        func row(_ figure: String, _ workload: Workload, _ seconds: Samples, floor: Samples?, target: String = "")
            -> [String]
        {
            let frames = Double(workload.frames * Self.passes)
            let megabytes = Double(workload.bytes * Self.passes) / 1e6
            return [
                figure, Self.millions(frames / seconds.median), Format.fixed(megabytes / seconds.median, decimals: 0),
                Format.nanoseconds(seconds.median / frames * 1e9),
                Self.millions(frames / seconds.maximum) + "–" + Self.millions(frames / seconds.minimum),
                floor.map { Format.ratio($0.median, seconds.median) } ?? "", target,
            ]
        }
        let target = "≥ \(Self.millions(Self.targetFramesPerSecond))"
        let smallFrames = "\(Self.smallPayloadBytes)-byte payloads"
        let largeFrames = "\(Self.largePayloadBytes)-byte payloads"
        table.add(row("0x00 scan, \(smallFrames) (floor)", small, scan, floor: nil))
        table.add(row("FrameDecoder.feed, \(smallFrames)", small, decode, floor: scan, target: target))
        table.add(row("FrameEncoder.encode, \(smallFrames)", small, encode, floor: nil, target: target))
        table.add(row("0x00 scan, \(largeFrames) (floor)", large, largeScan, floor: nil))
        table.add(row("FrameDecoder.feed, \(largeFrames) (info)", large, largeDecode, floor: largeScan))

        return BenchReport(
            header: [
                "\(options.repetitions) repetitions of \(Self.smallFrames) small frames (\(small.bytes / small.frames) wire bytes each) and \(Self.largeFrames) large ones (\(large.bytes / large.frames)), each a stream of a tenth as many fed \(Self.passes) times in \(Self.chunkBytes)-byte chunks; MB = 10^6 wire bytes.",
                "÷ scan is the scan's time over the decoder's: the share of the decoder's time a bare search for delimiters would take.",
            ],
            table: table,
            notes: [
                "the decoder copies each frame into its fixed buffer, COBS-decodes it in place, checks its CRC-16/MCRF4XX and calls back with the header and a pointer to the payload; the callback only sums sequence numbers and payload lengths. The encoder appends header, payload, CRC and delimiter, COBS-encoded, to an array emptied every 64 KiB.",
            ])
    }

    private static func millions(_ value: Double) -> String {
        Format.fixed(value / 1e6, decimals: 2) + " M"
    }

    /// One stream of identical-length frames with varied headers and payload bytes.
    private struct Workload {
        let frames: Int
        let payloadBytes: Int
        let stream: [UInt8]
        let headers: [FrameHeader]
        let payloads: [[UInt8]]
        var bytes: Int { stream.count }

        init(payloadBytes: Int, frames: Int) throws(ToolFailure) {
            self.frames = frames
            self.payloadBytes = payloadBytes
            var state: UInt64 = 0x5EED
            func next() -> UInt64 {
                // SplitMix64: the same varied bytes on every run.
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            // 256 distinct payloads, used in turn; one byte in 64 is 0x00 as real data has some.
            payloads = (0..<256).map { _ in
                (0..<payloadBytes).map { _ in
                    let value = next()
                    return value % 64 == 0 ? 0 : UInt8(truncatingIfNeeded: value >> 8)
                }
            }
            headers = (0..<frames).map { index in
                FrameHeader(
                    flags: index % 50 == 0 ? .retransmission : [], sequence: UInt16(truncatingIfNeeded: index),
                    messageID: UInt8(truncatingIfNeeded: next()))
            }
            var stream: [UInt8] = []
            do throws(FramingError) {
                for (index, header) in headers.enumerated() {
                    try FrameEncoder.encode(header, payload: payloads[index % payloads.count], appendingTo: &stream)
                }
            } catch {
                throw ToolFailure("could not encode the benchmark stream: \(error)")
            }
            self.stream = stream
        }

        /// Seconds to count the 0x00 bytes of the stream `passes` times.
        func scan(passes: Int) -> Double {
            stream.withUnsafeBytes { bytes in
                let start = MonotonicTime.nanoseconds()
                var delimiters = 0
                for _ in 0..<passes {
                    var offset = 0
                    while offset < bytes.count {
                        let end = min(offset + DecoderBenchmark.chunkBytes, bytes.count)
                        for byte in UnsafeRawBufferPointer(rebasing: bytes[offset..<end]) where byte == 0 {
                            delimiters += 1
                        }
                        offset = end
                    }
                }
                let elapsed = MonotonicTime.nanoseconds() - start
                blackHole(Double(delimiters))
                return Double(elapsed) / 1e9
            }
        }

        /// Seconds to decode the stream `passes` times; fails unless every frame came through.
        func decode(passes: Int) throws(ToolFailure) -> Double {
            var decoder = FrameDecoder()
            var delivered = 0
            var sum = 0
            let elapsed = stream.withUnsafeBytes { bytes in
                let start = MonotonicTime.nanoseconds()
                for _ in 0..<passes {
                    var offset = 0
                    while offset < bytes.count {
                        let end = min(offset + DecoderBenchmark.chunkBytes, bytes.count)
                        decoder.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<end])) { frame in
                            delivered += 1
                            sum &+= Int(frame.header.sequence) &+ frame.payload.count
                        }
                        offset = end
                    }
                }
                return MonotonicTime.nanoseconds() - start
            }
            blackHole(Double(sum))
            guard delivered == frames * passes, decoder.statistics.framesDropped == 0 else {
                throw ToolFailure("the decoder delivered \(delivered) of \(frames * passes) frames: \(decoder.statistics)")
            }
            return Double(elapsed) / 1e9
        }

        /// Seconds to encode the stream's frames `passes` times.
        func encode(passes: Int) throws(ToolFailure) -> Double {
            var output: [UInt8] = []
            output.reserveCapacity(65_536 + FrameLimits.maximumEncodedBytes)
            var written = 0
            let start = MonotonicTime.nanoseconds()
            do throws(FramingError) {
                for _ in 0..<passes {
                    for (index, header) in headers.enumerated() {
                        try FrameEncoder.encode(header, payload: payloads[index & 255], appendingTo: &output)
                        if output.count >= 65_536 {
                            written += output.count
                            output.removeAll(keepingCapacity: true)
                        }
                    }
                }
            } catch {
                throw ToolFailure("the encoder failed: \(error)")
            }
            let elapsed = MonotonicTime.nanoseconds() - start
            written += output.count
            guard written == stream.count * passes else {
                throw ToolFailure("the encoder wrote \(written) bytes, expected \(stream.count * passes)")
            }
            return Double(elapsed) / 1e9
        }
    }
}
