#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelStandHarness
import Testing

/// Observations through the wire into the tracking pipeline and the motion
/// loop, in virtual time.
@Suite struct LinkTrackingTests {
    /// Sends a batch every 34 ms (29.4 Hz, inside the 30-per-second rule) for `seconds`, from `id`, of a subject at `subjectYaw`.
    func follow(_ h: LinkHarness, subjectYaw: Double, seconds: Double, from id: SessionID) -> [AccessoryMessage] {
        var replies: [AccessoryMessage] = []
        for tick in 0..<Int(seconds * 1000) {
            if tick % 34 == 0 {
                let seq = h.send(.track(LinkHarness.batch(subjectYaw: subjectYaw, standYaw: h.positions.yaw)), from: id)
                replies += h.replies(to: seq, on: id)
            }
            h.step()
        }
        return replies
    }

    @Test func customTrackingTurnsTheStandTowardTheSubject() throws {
        let h = try LinkHarness()
        let id = h.dockedSession()
        #expect(h.call(.setSystemTracking(enabled: false), on: id)?.isAck == true)
        let replies = follow(h, subjectYaw: 0.4, seconds: 3, from: id)
        #expect(replies.allSatisfy { $0.isAck }, "\(replies.filter { !$0.isAck })")
        #expect(abs(h.positions.yaw - 0.4) < 0.02, "yaw \(h.positions.yaw)")
        if case .ack(let ack)? = h.call(.getState, on: id), case .state(let state) = ack.body {
            #expect(state.activity == .tracking)
        } else {
            Issue.record("no state report")
        }
        // A manual command stops following; the next batch resumes it.
        #expect(h.call(.setAngularVelocity(Vector3(yaw: -0.5)), on: id)?.isAck == true)
        h.run(seconds: 0.5)
        #expect(h.positions.yaw < 0.3)
        _ = follow(h, subjectYaw: 0.4, seconds: 3, from: id)
        #expect(abs(h.positions.yaw - 0.4) < 0.02)
    }

    @Test func theHostsTrackIsRefusedWhileSystemTrackingIsOnAndTheVisionLinkDrives() throws {
        let h = try LinkHarness()
        let host = h.dockedSession()
        let refused = h.call(.track(LinkHarness.batch(subjectYaw: 0.3, standYaw: 0)), on: host)
        #expect(refused?.errorCode == .systemTrackingActive)
        let vision = h.hub.openSession(label: "vision", role: .vision, at: h.now)
        h.decoders[vision] = FrameDecoder()
        let replies = follow(h, subjectYaw: -0.3, seconds: 3, from: vision)
        #expect(replies.allSatisfy { $0.isAck })
        #expect(abs(h.positions.yaw + 0.3) < 0.02, "yaw \(h.positions.yaw)")
        // Vision never docks and needs no HELLO.
        #expect(!h.hub.isDocked(vision))
        // Tracking states reach the host at 10 Hz with a stable UUID.
        let states = h.telemetry(on: host).compactMap { message -> TrackingStateReport? in
            if case .trackingState(let report) = message { return report }
            return nil
        }
        #expect((28...31).contains(states.count), "\(states.count) tracking states in 3 s")
        let uuids = Set(states.flatMap { $0.subjects.map(\.uuid) })
        #expect(uuids.count == 1)
        #expect(states.allSatisfy { $0.subjects.first?.saliencyRank == 1 && $0.subjects.first?.kind == .person })
    }

    @Test func withSystemTrackingOffTheOnBoardCameraDoesNotDrive() throws {
        let h = try LinkHarness()
        let host = h.dockedSession()
        #expect(h.call(.setSystemTracking(enabled: false), on: host)?.isAck == true)
        let vision = h.hub.openSession(label: "vision", role: .vision, at: h.now)
        h.decoders[vision] = FrameDecoder()
        for tick in 0..<3000 {
            if tick % 34 == 0 {
                // The host's camera sees its subject at 0.4; the on-board camera someone else at -0.3.
                h.send(.track(LinkHarness.batch(subjectYaw: 0.4, standYaw: h.positions.yaw, identifier: 1)), from: host)
                h.send(.track(LinkHarness.batch(subjectYaw: -0.3, standYaw: h.positions.yaw, identifier: 1)), from: vision)
            }
            h.step()
        }
        #expect(abs(h.positions.yaw - 0.4) < 0.02, "yaw \(h.positions.yaw)")
    }

    @Test func theRateRulesHoldThroughTheWire() throws {
        let h = try LinkHarness()
        let id = h.dockedSession()
        #expect(h.call(.setSystemTracking(enabled: false), on: id)?.isAck == true)
        // 11 batches at once: the burst of 10 is taken, the 11th refused.
        var codes: [SwivelError.Code?] = []
        for _ in 0..<11 {
            let seq = h.send(.track(LinkHarness.batch(subjectYaw: 0, standYaw: 0)), from: id)
            codes.append(h.replies(to: seq, on: id).first?.errorCode)
        }
        #expect(codes.prefix(10).allSatisfy { $0 == nil }, "\(codes)")
        #expect(codes.last == .frameRateTooHigh)
        // A gap over 100 ms and under 2 s: applied, answered frameRateTooLow; 2 s or more: a new stream.
        h.run(seconds: 1.2)
        #expect(h.call(.track(LinkHarness.batch(subjectYaw: 0, standYaw: 0)), on: id)?.errorCode == .frameRateTooLow)
        h.run(seconds: 2)
        #expect(h.call(.track(LinkHarness.batch(subjectYaw: 0, standYaw: 0)), on: id)?.isAck == true)
    }

    @Test func anEmptyBatchIsNoSubjectFoundAndTheStandHolds() throws {
        let h = try LinkHarness()
        let id = h.dockedSession()
        #expect(h.call(.setSystemTracking(enabled: false), on: id)?.isAck == true)
        _ = follow(h, subjectYaw: 0.5, seconds: 0.3, from: id)
        let empty = TrackBatch(captureAgeMicroseconds: 0, camera: LinkHarness.camera, observations: [])
        #expect(h.call(.track(empty), on: id)?.errorCode == .noSubjectFound)
        h.run(seconds: 1)
        #expect(h.virtual.stand.status().commanded.yaw.velocity == 0)
    }

    @Test func framingSelectionAndRegionAreSessionSettings() throws {
        let h = try LinkHarness()
        let id = h.dockedSession()
        #expect(h.call(.setFramingMode(.left), on: id)?.isAck == true)
        let roi = NormalizedRectUpperLeft(x: 0.5, y: 0, width: 0.5, height: 1)
        #expect(h.call(.setRegionOfInterest(roi), on: id)?.isAck == true)
        let bad = NormalizedRectUpperLeft(x: 0.5, y: 0, width: .nan, height: 1)
        #expect(h.call(.setRegionOfInterest(bad), on: id)?.errorCode == .invalidParameter)
        // Nobody seen yet: nothing to pick.
        #expect(h.call(.selectSubject(at: NormalizedPointUpperLeft(x: 0.5, y: 0.5)), on: id)?.errorCode == .noSubjectFound)
        // A point outside the frame is a bad parameter, whether or not anyone is seen (swivelctl's select --point 2,2).
        #expect(h.call(.selectSubject(at: NormalizedPointUpperLeft(x: 2, y: 2)), on: id)?.errorCode == .invalidParameter)
        guard case .ack(let ack)? = h.call(.getState, on: id), case .state(let state) = ack.body else {
            Issue.record("no state")
            return
        }
        #expect(state.framingMode == .left)
        #expect(state.regionOfInterest == roi)
        // The session ends: back to the defaults.
        #expect(h.call(.bye, on: id)?.isAck == true)
        let next = h.dockedSession()
        guard case .ack(let again)? = h.call(.getState, on: next), case .state(let fresh) = again.body else {
            Issue.record("no state")
            return
        }
        #expect(fresh.framingMode == .automatic)
        #expect(fresh.regionOfInterest == .fullFrame)
    }
}
