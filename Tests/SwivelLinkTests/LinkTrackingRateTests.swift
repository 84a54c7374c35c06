import SwivelCore
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelStandHarness
import Testing

/// The observation rate rules at the boundary: TRACK bytes into the hub beside
/// the simulated stand in virtual time (1 ms ticks), the replies decoded.
@Suite struct LinkTrackingRateTests {
    /// Who sends: a host session with system tracking off, or the vision link with it on.
    enum Sender: CaseIterable {
        case host
        case vision
    }

    static func session(_ sender: Sender, on h: LinkHarness) -> SessionID {
        switch sender {
        case .host:
            let id = h.dockedSession()
            #expect(h.call(.setSystemTracking(enabled: false), on: id)?.isAck == true)
            return id
        case .vision:
            let id = h.hub.openSession(label: "vision", role: .vision, at: h.now)
            h.decoders[id] = FrameDecoder()
            return id
        }
    }

    /// Sends one batch at each of `ticks` (milliseconds from now, ascending;
    /// repeated ticks arrive together) and returns each reply's error code
    /// (nil for ACK), in order.
    static func send(at ticks: [Int], from id: SessionID, on h: LinkHarness) -> [SwivelError.Code?] {
        var codes: [SwivelError.Code?] = []
        var tick = 0
        for due in ticks {
            while tick < due {
                h.step()
                tick += 1
            }
            let seq = h.send(.track(LinkHarness.batch(subjectYaw: 0.2, standYaw: h.positions.yaw)), from: id)
            guard let reply = h.replies(to: seq, on: id).first else {
                Issue.record("no reply to TRACK \(seq)")
                continue
            }
            codes.append(reply.errorCode)
        }
        return codes
    }

    /// A nominal 30 fps camera for `seconds`: each frame ±`jitterMs`, and with
    /// `bunchEvery` every so many frames one held back to arrive with the next.
    static func jittered30Fps(seconds: Int, jitterMs: Int, bunchEvery: Int, seed: UInt64) -> [Int] {
        var random = SplitMix64(seed: seed)
        var ticks = (0..<(30 * seconds)).map { k in 100 + (k * 1000) / 30 + Int.random(in: -jitterMs...jitterMs, using: &random) }
        ticks.sort()
        var k = bunchEvery
        while k < ticks.count {
            ticks[k - 1] = ticks[k]
            k += bunchEvery
        }
        return ticks
    }

    @Test(arguments: Sender.allCases)
    func aJittered30FpsSenderIsNeverRefusedInThirtySeconds(sender: Sender) throws {
        let h = try LinkHarness()
        let id = Self.session(sender, on: h)
        let ticks = Self.jittered30Fps(seconds: 30, jitterMs: 8, bunchEvery: 7, seed: 13)
        let codes = Self.send(at: ticks, from: id, on: h)
        #expect(codes.count == 900)
        let tooHigh = codes.filter { $0 == .frameRateTooHigh }.count
        let tooLow = codes.filter { $0 == .frameRateTooLow }.count
        #expect(tooHigh == 0, "\(tooHigh) of \(codes.count) refused frameRateTooHigh")
        #expect(tooLow == 0, "\(tooLow) of \(codes.count) answered frameRateTooLow")
        #expect(codes.allSatisfy { $0 == nil }, "\(Set(codes.compactMap { $0 }))")
    }

    @Test(arguments: Sender.allCases)
    func aOneFpsSenderHearsFrameRateTooLowEveryTimeAfterTheFirst(sender: Sender) throws {
        let h = try LinkHarness()
        let id = Self.session(sender, on: h)
        let codes = Self.send(at: (0..<12).map { 100 + $0 * 1000 }, from: id, on: h)
        #expect(codes.first == .some(nil))
        #expect(codes.dropFirst().allSatisfy { $0 == .frameRateTooLow }, "\(codes)")
        // The late batches were applied: the stand turned toward the subject.
        #expect(abs(h.positions.yaw - 0.2) < 0.05, "yaw \(h.positions.yaw)")
    }

    @Test func aSustained45PerSecondIsRefusedAndAStreamResumingAfterTwoSecondsStartsClean() throws {
        let h = try LinkHarness()
        let id = Self.session(.host, on: h)
        // 45 a second (every 22 ms) for 4 s: the burst of 10, then a third of them refused.
        let fast = Self.send(at: (0..<180).map { 100 + $0 * 22 }, from: id, on: h)
        let refused = fast.filter { $0 == .frameRateTooHigh }.count
        #expect((40...60).contains(refused), "\(refused) of 180 refused")
        #expect(fast.prefix(10).allSatisfy { $0 == nil })
        // 1.9 s of silence is still the same stream; 2 s or more starts a new one.
        let resumed = Self.send(at: [1900, 1933, 4033, 4066], from: id, on: h)
        #expect(resumed == [.frameRateTooLow, .frameRateTooLow, nil, nil], "\(resumed)")
    }

    /// Sends one batch at each of `frames` (milliseconds, ascending) but hands
    /// them to the hub only at `reads` (a link thread that wakes then, late
    /// or not): every frame sent since the previous read comes in one read.
    /// Returns each reply's error code (nil for ACK), in order.
    static func send(at frames: [Int], readAt reads: [Int], from id: SessionID, on h: LinkHarness) -> [SwivelError.Code?] {
        var codes: [SwivelError.Code?] = []
        var bytes: [UInt8] = []
        var sequences: [UInt16] = []
        var next = 0
        let readTicks = Set(reads)
        for tick in 0...(reads.max() ?? 0) {
            // Each frame is what the camera saw when it was sent, from the pose then.
            while next < frames.count, frames[next] == tick {
                let seq = h.nextSequence
                h.nextSequence &+= 1
                bytes += WireFrame.encode(.track(LinkHarness.batch(subjectYaw: 0.2, standYaw: h.positions.yaw)), sequence: seq)
                sequences.append(seq)
                next += 1
            }
            if readTicks.contains(tick), !bytes.isEmpty {
                h.sendBytes(bytes, from: id)
                for seq in sequences {
                    guard let reply = h.replies(to: seq, on: id).first else {
                        Issue.record("no reply to TRACK \(seq)")
                        continue
                    }
                    codes.append(reply.errorCode)
                }
                bytes = []
                sequences = []
            }
            h.step()
        }
        return codes
    }

    /// A link thread that stalls (a loaded machine) reads a steady 30 fps
    /// sender's frames in bunches of up to 18: dated at the read, those bunches
    /// outran the bucket's 10 and were refused for the stand's own delay. They
    /// are spread back over the stall (`TrackArrivals`), so none is.
    @Test(arguments: Sender.allCases)
    func aThirtyFpsSenderReadInBunchesAfterStallsIsNeverRefused(sender: Sender) throws {
        let h = try LinkHarness()
        let id = Self.session(sender, on: h)
        let frames = (0..<300).map { 100 + ($0 * 1000) / 30 }
        // Reads every 5 ms, but every 2 s the thread sleeps 400, 500, then 600 ms.
        var reads: [Int] = []
        var t = 100, stall = 0
        while t <= frames.last! {
            reads.append(t)
            if t % 2000 < 5 { stall += 1 }
            t += t % 2000 < 5 ? 300 + 100 * (stall % 3 + 1) : 5
        }
        reads.append(frames.last!)
        let codes = Self.send(at: frames, readAt: reads, from: id, on: h)
        #expect(codes.count == 300)
        let tooHigh = codes.filter { $0 == .frameRateTooHigh }.count
        #expect(tooHigh == 0, "\(tooHigh) of \(codes.count) refused frameRateTooHigh")
        #expect(codes.allSatisfy { $0 == nil }, "\(Set(codes.compactMap { $0 }))")
    }

    /// Spreading a read back over the time since the previous one never credits
    /// a sender with more time than passed: 60 a second, read in bunches every
    /// 300 ms, is still refused about half the time once the bucket is empty.
    @Test func aFloodReadInBunchesIsStillRefused() throws {
        let h = try LinkHarness()
        let id = Self.session(.host, on: h)
        let frames = (0..<240).map { 100 + ($0 * 1000) / 60 }
        let reads = Array(stride(from: 100, through: frames.last! + 300, by: 300))
        let codes = Self.send(at: frames, readAt: reads, from: id, on: h)
        let refused = codes.filter { $0 == .frameRateTooHigh }.count
        #expect(codes.count == 240)
        #expect((100...130).contains(refused), "\(refused) of \(codes.count) refused")
        // Nothing else but the rate rules: the last, short read may date its
        // few frames far enough after the one before for frameRateTooLow.
        #expect(codes.allSatisfy { $0 == nil || $0 == .frameRateTooHigh || $0 == .frameRateTooLow })
    }
}
