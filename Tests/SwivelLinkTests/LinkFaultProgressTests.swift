import SwivelCore
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelStandHarness
import Testing

/// Issue 10, section 5: a fault is reported as what it is, on the wire.
@Suite struct LinkFaultProgressTests {
    func manualHost() throws -> (LinkHarness, SessionID) {
        let h = try LinkHarness()
        let id = h.dockedSession()
        #expect(h.call(.setSystemTracking(enabled: false), on: id)?.isAck == true)
        return (h, id)
    }

    func progress(of requestID: UInt32, _ h: LinkHarness, _ id: SessionID) -> [MotionProgress] {
        h.telemetry(on: id).compactMap { message -> MotionProgress? in
            if case .progress(let p) = message, p.requestID == requestID { return p }
            return nil
        }
    }

    func state(_ h: LinkHarness, _ id: SessionID) -> StateReport? {
        if case .ack(let ack)? = h.call(.getState, on: id), case .state(let state) = ack.body { return state }
        return nil
    }

    /// It was reported `cancelled`, as if the host had asked; PROGRESS state 3
    /// `failed` was never sent.
    @Test func aMotorFaultEndsTheRunningMoveFailed() throws {
        let (h, id) = try manualHost()
        let move = OrientationRequest(target: .angles(Vector3(yaw: 2)), durationSeconds: 3, relative: false)
        let receipt = try #require(h.call(.setOrientation(move), on: id)?.receipt)
        h.run(seconds: 0.5)
        try h.virtual.simulation.model.jam(axis: .yaw)
        h.run(seconds: 0.5)
        #expect(h.virtual.stand.status().fault != nil, "the jam is a fault")
        let reports = progress(of: receipt.requestID, h, id)
        #expect(reports.first?.state == .running)
        #expect(reports.last?.state == .failed, "\(reports.map(\.state))")
        #expect(!reports.contains { $0.state == .cancelled })
        #expect(reports.filter { $0.state == .failed }.count == 3, "the final state is repeated like any other")
        let fraction = try #require(reports.last?.fractionCompleted)
        #expect(fraction > 0 && fraction < 1)
        let last = try #require(state(h, id)?.lastProgress)
        #expect(last.requestID == receipt.requestID)
        #expect(last.state == .failed)
    }

    @Test func aMotorFaultEndsARunningAnimationFailed() throws {
        let (h, id) = try manualHost()
        let receipt = try #require(h.call(.animate(.no), on: id)?.receipt)
        h.run(seconds: 0.2)
        try h.virtual.simulation.model.jam(axis: .yaw)
        h.run(seconds: 0.5)
        #expect(h.virtual.stand.status().fault != nil)
        #expect(progress(of: receipt.requestID, h, id).last?.state == .failed)
    }

    /// The refusal said "(a host docking clears it)"; a host docking does not.
    @Test func onlyClearFaultClearsAFaultAndTheRefusalSaysSo() throws {
        let (h, first) = try manualHost()
        #expect(h.call(.setAngularVelocity(Vector3(yaw: 1)), on: first)?.isAck == true)
        h.run(seconds: 0.3)
        try h.virtual.simulation.model.cutEncoder(axis: .yaw)
        h.run(seconds: 0.5)
        #expect(h.virtual.stand.status().fault != nil)
        // The last host leaves and a new one docks: a fresh host session.
        #expect(h.call(.bye, on: first)?.isAck == true)
        h.run(seconds: 0.1)
        let second = h.dockedSession(name: "second")
        #expect(h.call(.setSystemTracking(enabled: false), on: second)?.isAck == true)
        h.run(seconds: 0.1)
        #expect(h.virtual.stand.status().fault != nil, "docking does not clear a fault")
        guard case .error(let refused)? = h.call(.setAngularVelocity(Vector3(yaw: 0.5)), on: second) else {
            Issue.record("motion during a fault must be refused")
            return
        }
        #expect(refused.code == .motorFault)
        #expect(refused.reason.contains("until CLEAR_FAULT clears it"), "\(refused.reason)")
        #expect(!refused.reason.contains("docking"), "\(refused.reason)")
        #expect(h.call(.clearFault, on: second)?.isAck == true)
        h.run(seconds: 0.2)
        #expect(h.virtual.stand.status().fault == nil)
    }
}
