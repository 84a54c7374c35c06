import SwivelCore
import SwivelHardware
import SwivelProtocol
import SwivelRuntime
import Testing

@testable import swivel_fuzz

/// The fuzz targets keep every promise on the seed corpus (made from
/// docs/PROTOCOL.md), and their checks do fail when a promise breaks.
@Suite struct FuzzTargetTests {
    static func seeds(_ target: FuzzTarget) throws -> [(String, [UInt8])] {
        SeedCorpus.seeds(for: target, from: try SeedCorpus.vectors(inDocument: HarnessFixtures.protocolDocument))
    }

    @Test func theDocumentGivesASeedPerVector() throws {
        let vectors = try SeedCorpus.vectors(inDocument: HarnessFixtures.protocolDocument)
        #expect(vectors.count >= 30)
        #expect(try Self.seeds(.frame).count == vectors.count + 2)
        // Every vector is one frame, so every one becomes a messages seed.
        #expect(try Self.seeds(.messages).count == vectors.count)
    }

    @Test(arguments: [FuzzTarget.frame, .messages])
    func decoderSeedsKeepEveryPromise(_ target: FuzzTarget) throws {
        for (name, input) in try Self.seeds(target) {
            #expect(throws: Never.self, "\(target) seed \(name)") { try target.run(input) }
        }
    }

    @Test func hubSeedsKeepEveryPromise() throws {
        LinkHubTarget.setup = LinkHubTarget.Setup(board: try HarnessFixtures.board(), promises: .all)
        // A handful: each builds a stand and runs it for up to a second of virtual time.
        let chosen = ["set-orientation-tracking-off", "track-vision", "two-hosts-and-silence", "hello-tracking-off", "gesture-vision"]
        let seeds = try Self.seeds(.hub).filter { chosen.contains($0.0) }
        #expect(seeds.count == chosen.count)
        for (name, input) in seeds {
            #expect(throws: Never.self, "hub seed \(name)") { try LinkHubTarget.run(input) }
        }
    }

    /// The reference receiver reads the document's rules: empty frames, an
    /// oversize run (counted once, also when it has no delimiter yet), the long COBS form.
    @Test func theReferenceReceiverFollowsTheDocument() throws {
        let heartbeat = WireFrame.encode(.heartbeat, sequence: 2)
        var outcome = ReferenceReceiver.receive([0, 0] + heartbeat)
        #expect(outcome.statistics.emptyFrames == 2 && outcome.frames.count == 1)
        outcome = ReferenceReceiver.receive([UInt8](repeating: 0x41, count: 1_030) + [0] + heartbeat + [UInt8](repeating: 0x41, count: 1_030))
        #expect(outcome.statistics.oversize == 2 && outcome.statistics.bytesDiscarded == 2_060 && outcome.frames.count == 1)
        // 254 data bytes: short form FF + 254 bytes; the long form adds a 01 block, which decoders accept too.
        let data = (0..<254).map { UInt8(1 + $0 % 200) }
        #expect(ReferenceReceiver.cobsDecode(ArraySlice([0xFF] + data)) == data)
        #expect(ReferenceReceiver.cobsDecode(ArraySlice([0xFF] + data + [0x01])) == data)
        #expect(ReferenceReceiver.cobsDecode(ArraySlice([0x05, 1, 2])) == nil)
        #expect(ReferenceReceiver.crc16MCRF4XX(ArraySlice(Array("123456789".utf8))) == 0x6F91)
    }

    /// The hub's cap watch passes a ramp at the cap and catches a velocity jump.
    @Test func theCapWatchCatchesAJumpAndPassesARamp() throws {
        var watch = CapWatch(board: try HarnessFixtures.board())
        var status = StandStatus()
        status.axes = .all
        for tick in 1...250 {
            status.commanded.yaw = Limiter.State(position: 0, velocity: 12 * Double(tick) / 1000)
            #expect(throws: Never.self) { try watch.check(status, tick: tick) }
        }
        status.commanded.yaw.velocity = 0
        #expect(throws: Violation.self) { try watch.check(status, tick: 251) }
        status.commanded.pitch = Limiter.State(position: 0.75)
        var fresh = CapWatch(board: try HarnessFixtures.board())
        #expect(throws: Violation.self) { try fresh.check(status, tick: 1) }
    }

    /// A reply to a sequence number no command carried is flagged (the replies promise can fail).
    @Test func aPhantomReplyBreaksTheRepliesPromise() throws {
        let rig = try HubRig(board: try HarnessFixtures.board(), promises: .all)
        guard let id = rig.slots[0].id else { throw Violation("setup", "slot 0 is not open") }
        // The hub answers what it decodes; the rig's mirror is told nothing here,
        // as if the host's own bookkeeping had lost the frame.
        rig.hub.receive(WireFrame.encode(.heartbeat, sequence: 77), from: id, at: rig.now)
        #expect(throws: Violation.self) { try rig.drain() }
    }
}
