import SwivelCore
import SwivelPorts
import SwivelProtocol
@testable import SwivelLink
import SwivelStandHarness
import Testing

/// The observation rate rules behind the link thread's reads (issue 24 §3):
/// the sender's bytes go through a socket, and at each read the stand's side
/// reads once (`LinkInput`, 4 KiB at most) and hands the hub the read's frames
/// `LinkServer.framesPerSlice` at a time, as the server's rounds do, all in
/// virtual time (1 ms ticks, the slices of a read at the same tick).
@Suite struct LinkTrackingReadSliceTests {
    /// Sends one TRACK batch at each of `frames` (milliseconds, ascending) into
    /// a socket, reads it only at `reads`, and returns each reply's error code
    /// (nil for ACK), in order.
    static func send(
        at frames: [Int], readAt reads: [Int], from id: SessionID, on h: LinkHarness
    ) throws -> [SwivelError.Code?] {
        let (sender, stand) = try UnixSocket.pair()
        defer {
            sender.close()
            stand.close()
        }
        let peer = LinkPeer(channel: stand, session: id)
        var codes: [SwivelError.Code?] = []
        var sequences: [UInt16] = []
        var next = 0
        let readTicks = Set(reads)
        for tick in 0...(reads.max() ?? 0) {
            while next < frames.count, frames[next] == tick {
                let seq = h.nextSequence
                h.nextSequence &+= 1
                let bytes = WireFrame.encode(
                    .track(LinkHarness.batch(subjectYaw: 0.2, standYaw: h.positions.yaw)), sequence: seq)
                try bytes.withUnsafeBytes { try sender.write(all: $0, timeoutMilliseconds: 100) }
                sequences.append(seq)
                next += 1
            }
            if readTicks.contains(tick) {
                while try peer.input.fill(from: stand, at: h.now) > 0 {
                    while !peer.input.isEmpty { _ = peer.feed(h.hub, frames: LinkServer.framesPerSlice, at: h.now) }
                }
                h.drain()
                for seq in sequences {
                    guard let reply = h.replies(to: seq, on: id).first else {
                        Issue.record("no reply to TRACK \(seq)")
                        continue
                    }
                    codes.append(reply.errorCode)
                }
                sequences = []
            }
            h.step()
        }
        return codes
    }

    /// A 30 fps camera for `seconds` whose detector delays each batch 0–60 ms
    /// at random and now and then (every 2–4 s) 150 ms more, sent in order.
    static func lateDetector(seconds: Int, seed: UInt64) -> [Int] {
        var random = SplitMix64(seed: seed)
        var sent: [Int] = []
        var nextStall = 100 + Int.random(in: 2000...4000, using: &random)
        for k in 0..<(30 * seconds) {
            let captured = 100 + (k * 1000) / 30
            var delay = Int.random(in: 0...60, using: &random)
            if captured >= nextStall {
                delay += 150
                nextStall = captured + Int.random(in: 2000...4000, using: &random)
            }
            sent.append(max(sent.last ?? 0, captured + delay))
        }
        return sent
    }

    /// A link thread that reads every millisecond but every 2 s does not read
    /// for 0.3–0.6 s (a loaded machine), through `last`.
    static func stallingReads(through last: Int, seed: UInt64) -> [Int] {
        var random = SplitMix64(seed: seed)
        var reads: [Int] = []
        var t = 100
        var nextStall = 2000
        while t <= last {
            reads.append(t)
            if t >= nextStall {
                t += Int.random(in: 300...600, using: &random)
                nextStall += 2000
            } else {
                t += 1
            }
        }
        reads.append(last + 1)
        return reads
    }

    /// Dated slice by slice, the later slices of a read after a stall were
    /// spread over nothing and came as a burst: 2–8 of 900 batches of this
    /// normal sender were refused (seeds 24, 3, 77). The whole read is spread
    /// together now.
    @Test(arguments: LinkTrackingRateTests.Sender.allCases, [UInt64(3), 24, 77])
    func aLateDetectorAt30FpsReadInSlicesAfterStallsIsNeverRefused(sender: LinkTrackingRateTests.Sender, seed: UInt64) throws {
        let h = try LinkHarness()
        let id = LinkTrackingRateTests.session(sender, on: h)
        let frames = Self.lateDetector(seconds: 30, seed: seed)
        let reads = Self.stallingReads(through: frames.last!, seed: seed &+ 1)
        let codes = try Self.send(at: frames, readAt: reads, from: id, on: h)
        #expect(codes.count == 900)
        let tooHigh = codes.filter { $0 == .frameRateTooHigh }.count
        #expect(tooHigh == 0, "\(tooHigh) of \(codes.count) refused frameRateTooHigh")
        // The 150 ms stalls are the sender's: those are too slow, and nothing else is answered.
        #expect(codes.allSatisfy { $0 == nil || $0 == .frameRateTooLow }, "\(Set(codes.compactMap { $0 }))")
    }

    /// Spreading a whole read never credits a sender with more time than
    /// passed: 60 a second through the same stalling reads is still refused
    /// all but the bucket's 10 and its 30.3 a second, 1200 − (10 + 30.3 ×
    /// 19.98 s) ≈ 585.
    @Test func aSustained60PerSecondReadInSlicesIsStillRefused() throws {
        let h = try LinkHarness()
        let id = LinkTrackingRateTests.session(.host, on: h)
        let frames = (0..<1200).map { 100 + ($0 * 1000) / 60 }
        let reads = Self.stallingReads(through: frames.last!, seed: 5)
        let codes = try Self.send(at: frames, readAt: reads, from: id, on: h)
        #expect(codes.count == 1200)
        let refused = codes.filter { $0 == .frameRateTooHigh }.count
        #expect((575...595).contains(refused), "\(refused) of \(codes.count) refused")
    }
}
