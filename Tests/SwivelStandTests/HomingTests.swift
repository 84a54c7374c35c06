import SwivelBoard
import SwivelCore
import SwivelStandHarness
import Testing
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelSimBackend
@testable import SwivelStand

/// Homing on the simulated stand: the yaw axis of the simulated board with a
/// home switch at −2.9 rad (past its −2.8 rad limit), sought in the negative
/// direction. The model's yaw really starts at 0.6 rad while its incremental
/// encoder reads 0 there: homing must find out.
@Suite struct HomingTests {
    private func modelYaw(_ v: VirtualStand) -> Double { v.simulation.model.angleRadians(axis: .yaw) ?? .nan }

    @Test func homingFindsWhereTheAxisReallyIs() throws {
        let v = try VirtualStand(board: BoardFixtures.homing(), initialAngles: [.yaw: 0.6])
        v.tick()
        #expect(v.stand.status().activeMotion == .homing)
        #expect(StatusLine.describe(v.stand.status()) == "homing")
        // Motion waits; stop would abort, so it is not sent here.
        #expect(throws: SwivelError(.busy, .homingInProgress)) {
            try v.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 1, roll: 0)))
        }
        #expect(v.run(until: { $0.homing?.isComplete == true }, timeoutSeconds: 12))
        let status = v.stand.status()
        #expect(status.homing?.phases.yaw == .homed)
        #expect(status.fault == nil)
        // The stand's yaw is now the model's, to within the switch's one-tick
        // resolution at the seek speed and an encoder count.
        #expect(abs(status.measured.yaw - modelYaw(v)) < 0.0015)
        // Backed off the switch, then into the range.
        v.run(seconds: 0.5)
        #expect(abs(modelYaw(v) - (-2.8)) < 0.002)
        #expect(try v.send(.setOrientation(.angles(Vector3(pitch: 0, yaw: 0, roll: 0)), durationSeconds: 0, relative: false)) != .accepted)
        v.run(seconds: 3)
        #expect(abs(modelYaw(v)) < 0.002)
        #expect(v.stand.status().fault == nil)
    }

    @Test func anAxisThatDoesNotFindItsSwitchIsAFault() throws {
        // 1 rad of travel allowed; the switch is 3.5 rad away.
        let v = try VirtualStand(
            board: BoardFixtures.homing(#"switchLine: 21, direction: "negative", switchPositionRad: -2.9, speedRadPerSec: 0.5, maxTravelRad: 1"#),
            initialAngles: [.yaw: 0.6])
        #expect(v.run(until: { $0.fault != nil }, timeoutSeconds: 4))
        let status = v.stand.status()
        #expect(status.fault == .homingFailed(axis: .yaw))
        #expect(status.homing?.phases.yaw == .failed)
        #expect(LinkHub.wireFault(status.fault) == .limitSwitch)
        // It stopped about 1 rad from where it started.
        #expect(abs(modelYaw(v) - (0.6 - 1)) < 0.05)
        #expect(throws: SwivelError(.motorFault, .homingFailedFault, axis: .yaw)) {
            try v.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 0.2, roll: 0)))
        }
        // Clearing accepts that the position is a guess.
        #expect(v.run(until: { $0.faultDisabled }, timeoutSeconds: 1))
        #expect(try v.send(.clearFault) == .accepted)
        #expect(v.run(until: { $0.fault == nil }, timeoutSeconds: 0.3))
        #expect(try v.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 0.2, roll: 0))) == .accepted)
    }

    @Test func stopAbortsHomingAndLeavesTheAxisUnhomed() throws {
        let v = try VirtualStand(board: BoardFixtures.homing(), initialAngles: [.yaw: 0.6])
        v.run(seconds: 0.5)
        #expect(try v.send(.stop) == .accepted)
        v.tick()
        #expect(v.stand.status().fault == .homingFailed(axis: .yaw))
    }

    @Test func aStandWithoutSwitchesDoesNotHome() throws {
        let v = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        v.tick()
        #expect(v.stand.status().homing == nil)
        #expect(throws: SwivelError(.notSupportedByDevice, .noHomeSwitch)) { try v.send(.home) }
    }
}
