import SwivelCore
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelStandHarness
import Testing

/// A motor fault as a host sees it: MOTION_STATE's fault, ERR motorFault on
/// motion, and CLEAR_FAULT.
@Suite struct LinkFaultTests {
    private func lastMotionState(_ h: LinkHarness, _ id: SessionID) -> MotionStateReport? {
        h.telemetry(on: id).reversed().lazy.compactMap { message -> MotionStateReport? in
            if case .motionState(let state) = message { return state }
            return nil
        }.first
    }

    @Test func aHostSeesTheFaultIsRefusedAndClearsIt() throws {
        let h = try LinkHarness()
        let id = h.dockedSession()
        #expect(h.call(.setSystemTracking(enabled: false), on: id)?.isAck == true)
        #expect(h.call(.setAngularVelocity(Vector3(yaw: 1)), on: id)?.isAck == true)
        h.run(seconds: 0.3)
        #expect(try #require(lastMotionState(h, id)).fault == nil)
        try h.virtual.simulation.model.cutEncoder(axis: .yaw)
        h.run(seconds: 0.3)
        #expect(lastMotionState(h, id)?.fault == .encoderMismatch)

        guard case .error(let refused)? = h.call(.setAngularVelocity(Vector3(yaw: 0.5)), on: id) else {
            Issue.record("motion during a fault must be refused")
            return
        }
        #expect(refused.code == .motorFault)
        #expect(refused.reason.contains("encoder did not change"))

        // At rest by now (1 rad/s stops in under 0.1 s): the clear is accepted,
        // though the cut encoder will fault again as soon as yaw moves.
        h.run(seconds: 0.5)
        #expect(h.call(.clearFault, on: id)?.isAck == true)
        h.run(seconds: 0.2)
        #expect(try #require(lastMotionState(h, id)).fault == nil)
        #expect(h.call(.setAngularVelocity(Vector3(pitch: 0.2)), on: id)?.isAck == true)
    }

    @Test func clearingWithoutAFaultChangesNothing() throws {
        let h = try LinkHarness()
        let id = h.dockedSession()
        #expect(h.call(.clearFault, on: id)?.isAck == true)
        #expect(h.virtual.stand.status().fault == nil)
    }

    /// The loop throws a tracking target away during a fault: the sender hears
    /// the loop's refusal (motorFault), not an ACK, until the fault is cleared.
    @Test(arguments: LinkTrackingRateTests.Sender.allCases)
    func trackingDuringAFaultIsAnsweredWithTheLoopsRefusal(sender: LinkTrackingRateTests.Sender) throws {
        let h = try LinkHarness()
        let id = LinkTrackingRateTests.session(sender, on: h)
        try h.virtual.simulation.model.cutEncoder(axis: .yaw)
        // The subject off to the side turns yaw, whose encoder no longer counts.
        let first = LinkTrackingRateTests.send(at: Array(stride(from: 0, through: 1_000, by: 33)), from: id, on: h)
        #expect(first.first == .some(nil), "the first target, before any fault, is accepted")
        #expect(h.virtual.stand.status().fault != nil, "yaw turned with its encoder cut")
        let during = LinkTrackingRateTests.send(at: Array(stride(from: 33, through: 660, by: 33)), from: id, on: h)
        #expect(during.allSatisfy { $0 == .motorFault }, "\(during)")
    }

    /// Start-up homing: the loop refuses motion with `busy` until it ends, and
    /// so does TRACK; once homed, tracking drives (the run's record stays in
    /// the status, and must not keep refusing).
    @Test func trackingWaitsForHomingThenDrives() throws {
        let h = try LinkHarness(board: BoardFixtures.homing())
        let id = LinkTrackingRateTests.session(.host, on: h)
        let during = LinkTrackingRateTests.send(at: Array(stride(from: 10, through: 340, by: 33)), from: id, on: h)
        #expect(during.allSatisfy { $0 == .busy }, "\(during)")
        #expect(h.virtual.stand.status().activeMotion == .homing)
        h.run(seconds: 10)
        #expect(h.virtual.stand.status().homing?.phases.yaw == .homed)
        let after = LinkTrackingRateTests.send(at: Array(stride(from: 0, through: 330, by: 33)), from: id, on: h)
        #expect(after.allSatisfy { $0 == nil }, "\(after)")
    }
}
