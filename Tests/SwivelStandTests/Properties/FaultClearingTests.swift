import SwivelCore
import SwivelHardware
import SwivelStandHarness
import Testing
@testable import SwivelLoop
@testable import SwivelSimBackend
@testable import SwivelStand

/// Clearing a motor fault re-synchronises the axes to their encoders; that
/// must only happen at rest, or the acceleration cap breaks at the outputs.
@Suite struct FaultClearingTests {
    /// Found by the whole-stand property test: a range set while faulted
    /// moves an axis back inside it (drivers off, the STEP line still
    /// counting), and a `clearFault` then re-synchronised the moving axis to
    /// its encoder: a dead stop. Clearing now waits until every axis is at rest.
    @Test func clearingAFaultWaitsForAnAxisStillReturningToItsRange() throws {
        let stand = StandBoundaryMonitor(try VirtualStand(board: BoardFixtures.load("sim.json5")))
        _ = try stand.send(.setAngularVelocity(Vector3(yaw: 1)))
        stand.run(seconds: 0.5)
        try stand.virtual.simulation.model.jam(axis: .yaw)
        stand.tamperedEncoders = [.yaw]
        #expect(stand.run(until: { $0.faultDisabled }, timeoutSeconds: 2))
        try stand.virtual.simulation.model.free(axis: .yaw)
        let yaw = stand.status.commanded.yaw.position
        _ = try stand.send(.setLimits(UserLimits(
            yaw: try UserAxisLimit(lowerRadians: -1, upperRadians: yaw - 0.5, maximumSpeed: 2))))
        stand.run(seconds: 0.2)
        #expect(abs(stand.status.commanded.yaw.velocity) > 1) // heading back in
        #expect(throws: SwivelError(.busy, .faultStillStopping, axis: .yaw)) { try stand.send(.clearFault) }
        #expect(stand.run(until: { $0.commanded.yaw.velocity == 0 }, timeoutSeconds: 2))
        stand.tick()
        #expect(try stand.send(.clearFault) == .accepted)
        #expect(stand.run(until: { $0.fault == nil }, timeoutSeconds: 1))
        stand.run(seconds: 0.5)
        #expect(stand.violations.isEmpty, "\(stand.report)")
    }
}
