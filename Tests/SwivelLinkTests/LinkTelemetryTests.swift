import SwivelCore
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelStandHarness
import Testing

@Suite struct LinkTelemetryTests {
    @Test func motionStateFlowsAtFiftyHertzToDockedSessionsOnly() throws {
        let h = try LinkHarness()
        let idle = h.connect()
        let id = h.dockedSession()
        let before = h.telemetry(on: id).count
        h.run(seconds: 1)
        let states = h.telemetry(on: id).dropFirst(before).compactMap { message -> MotionStateReport? in
            if case .motionState(let state) = message { return state }
            return nil
        }
        // 50 periods of 20 ms in one second; 51 samples when the window holds both ends.
        #expect((50...51).contains(states.count))
        let times = states.map(\.timeMicroseconds)
        // The first sample may sit a tick off the cadence the later ones keep.
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }.dropFirst()
        #expect(gaps.allSatisfy { $0 == 20_000 })
        #expect(states.allSatisfy { $0.axes == .all && $0.systemTrackingEnabled })
        #expect(h.telemetry(on: idle).isEmpty)
        // Telemetry sequence numbers count up so a host can see what it missed.
        let sequences = try #require(h.received[id]).filter { !$0.message.isReply }.map(\.header.sequence)
        #expect(sequences == Array(1...UInt16(sequences.count)))
    }

    /// A loop stalled for 100 ms while the link thread runs on: the hub sends
    /// no MOTION_STATE of an instant it already reported (swivel-soak saw stand
    /// time stand still on a loaded machine), and the next tick's is sent.
    @Test func aStalledLoopRepeatsNoMotionState() throws {
        let h = try LinkHarness()
        let id = h.dockedSession()
        h.run(seconds: 0.1)
        let before = h.telemetry(on: id).count
        for millisecond in stride(from: 5, through: 100, by: 5) {
            h.hub.service(at: h.now.advanced(byNanoseconds: Int64(millisecond) * 1_000_000))
            h.drain()
        }
        // The harness's clock is the stand's deadline: it passes the link's 100 ms again first.
        h.run(seconds: 0.2)
        let times = h.telemetry(on: id).compactMap { message -> UInt64? in
            if case .motionState(let state) = message { return state.timeMicroseconds }
            return nil
        }
        #expect(h.telemetry(on: id).count > before, "reports go on once the loop ticks again")
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 > $0 }, "\(times)")
    }

    @Test func motionStateCarriesTheMeasuredPositions() throws {
        let h = try LinkHarness()
        let id = h.dockedSession()
        #expect(h.call(.setSystemTracking(enabled: false), on: id)?.isAck == true)
        #expect(h.call(.setAngularVelocity(Vector3(pitch: 0.2, yaw: -0.4)), on: id)?.isAck == true)
        h.run(seconds: 0.5)
        guard case .motionState(let last)? = h.telemetry(on: id).last(where: { if case .motionState = $0 { true } else { false } }) else {
            Issue.record("no motion state")
            return
        }
        #expect(abs(last.velocities.yaw + 0.4) < 1e-6)
        #expect(last.moving)
        #expect(abs(last.positions.yaw - h.positions.yaw) < 0.05)
        #expect(last.positions.yaw < -0.1)
    }

    @Test func aSlowPeerLosesTelemetryNotReplies() throws {
        let h = try LinkHarness(maximumQueuedBytes: 1024)
        let id = h.dockedSession()
        // Nobody drains this session's output for a second (the host still sends heartbeats).
        for tick in 1...1000 {
            h.virtual.tick()
            if tick % 250 == 0 { h.hub.receive(WireFrame.encode(.heartbeat, sequence: UInt16(tick)), from: id, at: h.now) }
            h.hub.service(at: h.now)
        }
        #expect(h.hub.statistics.telemetryDropped > 0)
        h.drain()
        #expect((1...4).allSatisfy { h.replies(to: UInt16($0 * 250), on: id).first?.isAck == true })
    }
}
