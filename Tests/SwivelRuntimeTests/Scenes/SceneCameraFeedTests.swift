import SwivelCore
import SwivelHardware
import SwivelProtocol
import Testing
@testable import SwivelAccessories
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelRuntime
@testable import SwivelStand

@Suite struct SceneCameraFeedTests {
    private func batches(_ bytes: [UInt8], decoder: inout FrameDecoder) -> [TrackBatch] {
        var found: [TrackBatch] = []
        decoder.feed(bytes) { frame in
            if case .track(let batch)? = try? HostMessage.decode(messageID: frame.header.messageID, payload: frame.payloadBytes()) {
                found.append(batch)
            }
        }
        return found
    }

    @Test func framesComeAtTheFrameRateAndArriveLatencyLater() throws {
        let scene = try SceneFixtures.load("still")
        let feed = SceneCameraFeed(scene: scene)
        let origin = MonotonicInstant(nanoseconds: 5_000_000_000)
        var decoder = FrameDecoder()
        var received: [(ms: Int, batch: TrackBatch)] = []
        for ms in 0...1000 {
            let bytes = feed.poll(at: origin.advanced(byNanoseconds: Int64(ms) * 1_000_000), measured: PerAxis(repeating: 0))
            received += batches(bytes, decoder: &decoder).map { (ms, $0) }
        }
        // Captured at 0, 33.3 … 966.7 ms, each handed over 33 ms later.
        #expect(received.count == 30)
        #expect(received.first?.ms == 33)
        #expect(received.allSatisfy { $0.batch.captureAgeMicroseconds == 33_000 })
        #expect(received.first?.batch.camera.position == .front)
        let latest = try #require(feed.latest)
        #expect(latest.id == 1 && latest.inFrame && latest.framingError > 0)
    }

    @Test func aLatePollCapturesOnceAndTheSceneLoops() throws {
        let scene = try SceneFixtures.load("step")
        let feed = SceneCameraFeed(scene: scene, latencySeconds: 0)
        let origin = MonotonicInstant(nanoseconds: 1_000_000_000)
        var decoder = FrameDecoder()
        #expect(batches(feed.poll(at: origin, measured: PerAxis(repeating: 0)), decoder: &decoder).count == 1)
        // 3 s later (scene time 3 s: the subject has jumped to 0.5 rad): one frame, not ninety.
        let late = batches(feed.poll(at: origin.advanced(byNanoseconds: 3_000_000_000), measured: PerAxis(repeating: 0)), decoder: &decoder)
        #expect(late.count == 1)
        #expect(abs((feed.latest?.worldYaw ?? 0) - 0.5) < 1e-12)
        // 11 s in: the 10 s scene has started over, the subject is back at 0.
        _ = feed.poll(at: origin.advanced(byNanoseconds: 11_000_000_000), measured: PerAxis(repeating: 0))
        #expect(feed.latest?.worldYaw == 0)
        let next = try #require(feed.nextDeadline)
        #expect(next > origin.advanced(byNanoseconds: 11_000_000_000))
    }
}
