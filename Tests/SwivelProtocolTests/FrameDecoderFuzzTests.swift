import SwivelVocabulary
import Testing

@testable import SwivelProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One million seeded items through one decoder: valid frames, random garbage
/// and mutated valid frames (bit flips, dropped, inserted bytes, truncations),
/// every garbage or mutated item followed by a 0x00 so the stream resyncs, fed
/// in random chunk sizes.
///
/// Payload and garbage bytes are slices of pools filled once: generating them
/// byte by byte would cost more than decoding them in a debug build.
@Suite struct FrameDecoderFuzzTests {
    static let itemCount = 1_000_000
    static let itemsPerBatch = 10_000
    static let poolBytes = 1 << 16

    enum Kind { case valid, mutant, garbage }

    struct Item {
        var kind: Kind
        /// As sent, reserved flag bits and all.
        var header: FrameHeader
        /// The payload sent (for a mutant: of the frame before mutation), in `Pools.payload`.
        var payload: Range<Int>

        /// What the decoder must report: reserved flag bits cleared.
        var expectedHeader: FrameHeader {
            var header = self.header
            header.flags = header.flags.intersection(.retransmission)
            return header
        }
    }

    struct Pools {
        /// Random bytes, then the same with every byte below 32 zeroed (short COBS blocks).
        var payload: [UInt8]
        var zeroHeavyStart: Int
        /// Random bytes, zeros included, and the count of zeros before each index.
        var garbage: [UInt8]
        var garbageZerosBefore: [Int]
        /// Bytes without a zero, for runs too long for any frame.
        var nonZero: [UInt8]

        init(random: inout SplitMix64) {
            let slack = FrameLimits.maximumPayloadBytes
            let plain = random.bytes(FrameDecoderFuzzTests.poolBytes + slack)
            payload = plain + plain.map { $0 < 32 ? 0 : $0 }
            zeroHeavyStart = plain.count
            garbage = random.bytes(FrameDecoderFuzzTests.poolBytes + 64)
            garbageZerosBefore = [0]
            var zeros = 0
            for byte in garbage {
                if byte == 0 { zeros += 1 }
                garbageZerosBefore.append(zeros)
            }
            nonZero = random.bytes(FrameDecoderFuzzTests.poolBytes + 4_096, oneZeroIn: 0)
        }
    }

    struct Tally {
        var validSent = 0
        var validDecoded = 0
        var mutantsSent = 0
        var garbageSent = 0
        /// A mutant decoded to exactly the frame it was made from (a dropped
        /// delimiter restored by the resync 0x00, a 0x00 inserted before it).
        var mutantsDecodedUnchanged = 0
        /// A mutant decoded to its original with 0x00 bytes appended or removed
        /// at the end: CRC-16/MCRF4XX has no final XOR, so such a frame always
        /// checks (see `FrameDecoderTests.trailingZeroAliasPassesTheChecksum`).
        var trailingZeroAliases = 0
        /// A corrupt item decoded to a frame that was never sent: a CRC collision.
        var collisions = 0
        /// A frame that no item in the stream could have produced.
        var phantoms = 0
        var delimiters: UInt64 = 0
        var nonDelimiterBytes: UInt64 = 0
        var validEncodedBytes: UInt64 = 0
    }

    @Test func millionMixedItems() throws {
        var random = SplitMix64(seed: 0x5EED_F4A3_0001)
        let pools = Pools(random: &random)
        var decoder = FrameDecoder()
        var tally = Tally()
        var items: [Item] = []
        var stream: [UInt8] = []
        var scratch: [UInt8] = []
        items.reserveCapacity(Self.itemsPerBatch)

        var produced = 0
        while produced < Self.itemCount {
            items.removeAll(keepingCapacity: true)
            stream.removeAll(keepingCapacity: true)
            let batch = min(Self.itemsPerBatch, Self.itemCount - produced)
            for _ in 0..<batch {
                try Self.appendItem(
                    random: &random, pools: pools, items: &items, stream: &stream, scratch: &scratch, tally: &tally)
            }
            produced += batch
            Self.feedInRandomChunks(stream, random: &random, decoder: &decoder, items: items, pools: pools, tally: &tally)
        }

        let statistics = decoder.statistics
        #expect(tally.phantoms == 0)
        #expect(tally.validDecoded == tally.validSent)
        // Each frame that reached the CRC check with corrupt bytes passes it
        // with probability about 2^-16 (single-bit errors never do). Allowing
        // four times the expectation plus 5 keeps a Poisson count this small
        // far out of reach of chance while still catching a CRC that checks
        // nothing (thousands would pass).
        let reachedChecksum = Double(statistics.badChecksum) + Double(tally.collisions)
        let expectedCollisions = reachedChecksum / 65_536
        #expect(Double(tally.collisions) <= expectedCollisions * 4 + 5)

        let accepted = Int64(tally.mutantsDecodedUnchanged + tally.trailingZeroAliases + tally.collisions)
        #expect(statistics.framesDecoded == UInt64(tally.validSent) + UInt64(accepted))
        // Every delimiter ends exactly one frame: delivered, dropped or empty.
        #expect(tally.delimiters == statistics.framesDecoded + statistics.framesDropped + statistics.emptyFrames)
        // Every other byte went into a delivered frame or was discarded; the
        // encodings of accepted corrupt frames are 8...1029 bytes each.
        let unaccounted =
            Int64(tally.nonDelimiterBytes) - Int64(tally.validEncodedBytes) - Int64(statistics.bytesDiscarded)
        #expect(unaccounted >= accepted * 8)
        #expect(unaccounted <= accepted * Int64(FrameLimits.maximumEncodedBytes - 1))

        // The mix exercised every path.
        #expect(tally.mutantsSent > 200_000 && tally.garbageSent > 100_000)
        #expect(statistics.badEncoding > 10_000 && statistics.badChecksum > 10_000 && statistics.tooShort > 1_000)
        #expect(statistics.oversize > 100 && statistics.emptyFrames > 100)
    }

    private static func appendItem(
        random: inout SplitMix64, pools: Pools, items: inout [Item], stream: inout [UInt8], scratch: inout [UInt8],
        tally: inout Tally
    ) throws {
        let roll = random.next() % 100
        if roll >= 85 {
            tally.garbageSent += 1
            appendGarbage(random: &random, pools: pools, stream: &stream, tally: &tally)
            items.append(Item(kind: .garbage, header: FrameHeader(sequence: 0, messageID: 0), payload: 0..<0))
            return
        }
        let header = randomHeader(&random)
        let payload = randomPayload(&random, pools: pools)
        if roll < 60 {
            tally.validSent += 1
            let before = stream.count
            try FrameEncoder.encode(header, payload: pools.payload[payload], appendingTo: &stream)
            tally.validEncodedBytes += UInt64(stream.count - before - 1)
            tally.nonDelimiterBytes += UInt64(stream.count - before - 1)
            tally.delimiters += 1
            items.append(Item(kind: .valid, header: header, payload: payload))
        } else {
            tally.mutantsSent += 1
            scratch.removeAll(keepingCapacity: true)
            try FrameEncoder.encode(header, payload: pools.payload[payload], appendingTo: &scratch)
            mutate(&scratch, random: &random)
            scratch.append(0)
            let zeros = scratch.withUnsafeBytes { bytes in
                var zeros = 0
                for byte in bytes where byte == 0 { zeros += 1 }
                return zeros
            }
            tally.delimiters += UInt64(zeros)
            tally.nonDelimiterBytes += UInt64(scratch.count - zeros)
            stream.append(contentsOf: scratch)
            items.append(Item(kind: .mutant, header: header, payload: payload))
        }
    }

    /// Mostly the current version, now and then any; reserved flag bits at
    /// random (the decoder must clear them).
    private static func randomHeader(_ random: inout SplitMix64) -> FrameHeader {
        let bits = random.next()
        return FrameHeader(
            version: bits % 8 == 0 ? UInt8(truncatingIfNeeded: bits >> 8) : ProtocolVersion.current,
            flags: FrameFlags(rawValue: UInt8(truncatingIfNeeded: bits >> 16)),
            sequence: UInt16(truncatingIfNeeded: bits >> 24),
            messageID: UInt8(truncatingIfNeeded: bits >> 40))
    }

    /// 0...64 bytes typically, one payload in a hundred 65...1017; a quarter
    /// from the zero-heavy pool.
    private static func randomPayload(_ random: inout SplitMix64, pools: Pools) -> Range<Int> {
        let bits = random.next()
        let count =
            bits % 100 == 0
            ? 65 + Int((bits >> 8) % UInt64(FrameLimits.maximumPayloadBytes - 64))
            : Int((bits >> 8) % 65)
        let base = (bits >> 24) % 4 == 0 ? pools.zeroHeavyStart : 0
        let start = base + Int((bits >> 32) % UInt64(poolBytes))
        return start..<(start + count)
    }

    /// 1...64 random bytes (zeros included) and a 0x00; one in a hundred is a
    /// run with no zero, too long for any frame.
    private static func appendGarbage(random: inout SplitMix64, pools: Pools, stream: inout [UInt8], tally: inout Tally) {
        let bits = random.next()
        let start = Int((bits >> 32) % UInt64(poolBytes))
        if bits % 100 == 0 {
            let count = FrameLimits.maximumEncodedBytes + Int((bits >> 8) % 3_000)
            stream.append(contentsOf: pools.nonZero[start..<(start + count)])
            tally.nonDelimiterBytes += UInt64(count)
        } else {
            let end = start + 1 + Int((bits >> 8) % 64)
            stream.append(contentsOf: pools.garbage[start..<end])
            let zeros = pools.garbageZerosBefore[end] - pools.garbageZerosBefore[start]
            tally.delimiters += UInt64(zeros)
            tally.nonDelimiterBytes += UInt64(end - start - zeros)
        }
        stream.append(0)
        tally.delimiters += 1
    }

    /// Corrupts the wire bytes of one frame (delimiter included).
    private static func mutate(_ bytes: inout [UInt8], random: inout SplitMix64) {
        let bits = random.next()
        let times = 1 + Int((bits >> 8) % 3)
        switch bits % 4 {
        case 0:
            for _ in 0..<times {
                let index = Int(random.next() % UInt64(bytes.count))
                bytes[index] ^= 1 << UInt8(random.next() % 8)
            }
        case 1:
            for _ in 0..<times {
                bytes.remove(at: Int(random.next() % UInt64(bytes.count)))
            }
        case 2:
            for _ in 0..<times {
                bytes.insert(random.byte(), at: Int(random.next() % UInt64(bytes.count + 1)))
            }
        default:
            // Keep 0...count-2 bytes: at least one byte before the delimiter goes.
            bytes.removeLast(bytes.count - Int(random.next() % UInt64(bytes.count - 1)))
        }
    }

    private static func feedInRandomChunks(
        _ stream: [UInt8], random: inout SplitMix64, decoder: inout FrameDecoder, items: [Item], pools: Pools,
        tally: inout Tally
    ) {
        var nextItem = 0
        stream.withUnsafeBytes { all in
            var offset = 0
            while offset < all.count {
                let bits = random.next()
                // Mostly up to 4 KiB, one chunk in ten of 1...16 bytes.
                let size = bits % 10 == 0 ? 1 + Int((bits >> 8) % 16) : 1 + Int((bits >> 8) % 4_096)
                let end = min(offset + size, all.count)
                decoder.feed(UnsafeRawBufferPointer(rebasing: all[offset..<end])) { frame in
                    attribute(frame, items: items, pools: pools, nextItem: &nextItem, tally: &tally)
                }
                offset = end
            }
        }
    }

    /// Attributes a decoded frame: the next valid frame sent, or else one of
    /// the corrupt items between the last matched frame and that one.
    private static func attribute(
        _ frame: ReceivedFrame, items: [Item], pools: Pools, nextItem: inout Int, tally: inout Tally
    ) {
        var valid = nextItem
        while valid < items.count && items[valid].kind != .valid { valid += 1 }
        if valid < items.count && matches(frame, items[valid], pools) {
            tally.validDecoded += 1
            nextItem = valid + 1
            return
        }
        let mutants = (nextItem..<valid).filter { items[$0].kind == .mutant }
        if valid == nextItem {
            tally.phantoms += 1
        } else if mutants.contains(where: { matches(frame, items[$0], pools) }) {
            tally.mutantsDecodedUnchanged += 1
        } else if mutants.contains(where: { isTrailingZeroAlias(frame, of: items[$0], pools) }) {
            tally.trailingZeroAliases += 1
        } else {
            tally.collisions += 1
        }
    }

    private static func matches(_ frame: ReceivedFrame, _ item: Item, _ pools: Pools) -> Bool {
        guard frame.header == item.expectedHeader, frame.payload.count == item.payload.count else { return false }
        guard let received = frame.payload.baseAddress else { return true }
        return pools.payload.withUnsafeBytes { pool in
            memcmp(received, pool.baseAddress! + item.payload.lowerBound, item.payload.count) == 0
        }
    }

    /// The decoded frame, with its checksum, equals the item's original frame
    /// with zero bytes appended, or the original equals it with zeros appended.
    private static func isTrailingZeroAlias(_ frame: ReceivedFrame, of item: Item, _ pools: Pools) -> Bool {
        guard frame.header == item.expectedHeader else { return false }
        // The encoder sent the reserved flag bits as 0: the expected header is the one on the wire.
        let header = item.expectedHeader
        func decodedFrame(_ payload: some Collection<UInt8>) -> [UInt8] {
            let body = [
                header.version, header.flags.rawValue, UInt8(header.sequence & 0xFF), UInt8(header.sequence >> 8),
                header.messageID,
            ] + payload
            return handBuiltFrame(body)
        }
        let original = decodedFrame(pools.payload[item.payload])
        let received = decodedFrame(frame.payload)
        let (shorter, longer) = original.count < received.count ? (original, received) : (received, original)
        return shorter.count < longer.count && longer.starts(with: shorter)
            && longer[shorter.count...].allSatisfy { $0 == 0 }
    }
}
