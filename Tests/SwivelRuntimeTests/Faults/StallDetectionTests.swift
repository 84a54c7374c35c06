import SwivelBoard
import SwivelCore
import SwivelStandHarness
import Testing
@testable import SwivelAccessories
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelRuntime
@testable import SwivelStand
@testable import SwivelSceneBench
@testable import SwivelSimBackend

/// The closed loop on the simulated stand: faults injected into the physical
/// model (a jam, a cut encoder, skipped steps) must be caught by the same
/// checks real hardware runs, and normal motion must never trip them.
@Suite struct StallDetectionTests {
    private func stand() throws -> VirtualStand {
        try VirtualStand(board: BoardFixtures.load("sim.json5"))
    }

    private func driven(_ v: VirtualStand, _ axis: Axis) -> Bool {
        v.simulation.model.isDriven(axis: axis) ?? false
    }

    @Test func aCutEncoderIsCaughtAndTheStandStopsAndDisables() throws {
        let v = try stand()
        _ = try v.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 1, roll: 0)))
        v.run(seconds: 0.5)
        try v.simulation.model.cutEncoder(axis: .yaw)
        #expect(v.run(until: { $0.fault != nil }, timeoutSeconds: 0.2))
        let fault = try #require(v.stand.status().fault)
        guard case .encoderSilent(.yaw, let travel) = fault else {
            Issue.record("expected the yaw encoder to be reported silent, got \(fault)")
            return
        }
        #expect(travel > Board.FaultDetection.defaults.silentTravelRadians)
        // The faulted axis is released at once; the others once at rest.
        #expect(!driven(v, .yaw))
        #expect(v.run(until: { $0.faultDisabled }, timeoutSeconds: 1))
        v.run(seconds: 0.01)  // the disables were planned a period ahead
        #expect(!driven(v, .pitch))
        #expect(!driven(v, .roll))
        #expect(LinkHub.wireFault(v.stand.status().fault) == .encoderMismatch)
        #expect(StatusLine.describe(v.stand.status()).hasPrefix("MOTOR FAULT, drivers off: yaw's encoder did not change"))
        // Motion is refused with motorFault, saying why.
        #expect(throws: SwivelError(.motorFault, .encoderSilentFault, axis: .yaw, value: travel)) {
            try v.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 0.5, roll: 0)))
        }
        #expect(v.stand.status().commanded[.yaw].velocity == 0)
    }

    @Test func skippedStepsAreAFollowingError() throws {
        let v = try stand()
        _ = try v.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 2, roll: 0)))
        v.run(seconds: 0.3)
        try v.simulation.model.skipSteps(axis: .yaw, fraction: 0.3)
        #expect(v.run(until: { $0.fault != nil }, timeoutSeconds: 1))
        let fault = try #require(v.stand.status().fault)
        guard case .followingError(.yaw, let error, let limit) = fault else {
            Issue.record("expected a yaw following error, got \(fault)")
            return
        }
        // The encoder sees the rotor behind the command.
        #expect(error < -limit)
        #expect(LinkHub.wireFault(fault) == .motorFault)
        #expect(fault.description.contains("skipped steps"))
    }

    @Test func aJamIsCaughtAsASilentEncoderWithinTheTravel() throws {
        let v = try stand()
        _ = try v.send(.setAngularVelocity(Vector3(pitch: 1, yaw: 0, roll: 0)))
        v.run(seconds: 0.2)
        try v.simulation.model.jam(axis: .pitch)
        let jammedAt = try #require(v.simulation.model.angleRadians(axis: .pitch))
        #expect(v.run(until: { $0.fault != nil }, timeoutSeconds: 0.5))
        let fault = try #require(v.stand.status().fault)
        #expect(fault.axis == .pitch)
        #expect(fault.description.contains("jammed"))
        // Caught before the command got far from the jammed axis.
        let commanded = v.stand.status().commanded[.pitch].position
        #expect(abs(commanded - jammedAt) < Board.FaultDetection.defaults.maxFollowingErrorRadians)
    }

    @Test func aSlowCreepWithACutEncoderIsCaughtByTravelNotTime() throws {
        let v = try stand()
        try v.simulation.model.cutEncoder(axis: .yaw)
        _ = try v.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 0.05, roll: 0)))
        // 0.04 rad of travel at 0.05 rad/s: about 0.8 s, well before a 0.08 rad following error (1.6 s).
        #expect(v.run(until: { $0.fault != nil }, timeoutSeconds: 1.2))
        guard case .encoderSilent(.yaw, _)? = v.stand.status().fault else {
            Issue.record("expected the yaw encoder reported silent, got \(String(describing: v.stand.status().fault))")
            return
        }
    }

    @Test func clearingWaitsForRestThenAdoptsTheMeasuredPositions() throws {
        let v = try stand()
        _ = try v.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 2.5, roll: 0)))
        v.run(seconds: 0.3)
        try v.simulation.model.jam(axis: .yaw)
        #expect(v.run(until: { $0.fault != nil }, timeoutSeconds: 0.5))
        // Pitch and roll are still stopping when the fault lands only if they moved; yaw's
        // commanded velocity is still braking from 2.5 rad/s: clearing is refused as busy.
        #expect(throws: SwivelError(.busy, .faultStillStopping, axis: .yaw)) { try v.send(.clearFault) }
        #expect(v.run(until: { $0.faultDisabled }, timeoutSeconds: 1))
        try v.simulation.model.free(axis: .yaw)
        #expect(try v.send(.clearFault) == .accepted)
        // Motion waits until the drivers have settled.
        #expect(throws: SwivelError.self) { try v.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 0.1, roll: 0))) }
        #expect(v.run(until: { $0.fault == nil }, timeoutSeconds: 0.2))
        let status = v.stand.status()
        #expect(status.fault == nil)
        #expect(abs(status.commanded[.yaw].position - status.measured[.yaw]) < 0.002)
        #expect(driven(v, .yaw) && driven(v, .pitch) && driven(v, .roll))
        // And it moves again, healthy.
        let reply = try v.send(.setOrientation(.angles(Vector3(pitch: 0, yaw: 0, roll: 0)), durationSeconds: 1, relative: false))
        guard case .started = reply else {
            Issue.record("expected the move to start, got \(reply)")
            return
        }
        v.run(seconds: 1.5)
        #expect(v.stand.status().fault == nil)
        #expect(abs(v.stand.status().measured[.yaw]) < 0.002)
    }

    @Test func stopAndLimitsAreStillAcceptedWhileFaulted() throws {
        let v = try stand()
        try v.simulation.model.cutEncoder(axis: .yaw)
        _ = try v.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 1, roll: 0)))
        #expect(v.run(until: { $0.fault != nil }, timeoutSeconds: 0.5))
        #expect(try v.send(.stop) == .accepted)
        #expect(try v.send(.resetLimits) == .accepted)
        #expect(throws: SwivelError.self) { try v.send(.animate(.yes)) }
    }

    /// Measured peaks on the simulated stand: 5.3 mrad (demo), 6.3 mrad
    /// (velocity reversals at the caps), 6.3 mrad (walk-fast at 100 ms).
    @Test func normalMotionNeverFaults() throws {
        let demo = try VirtualStand(board: BoardFixtures.load("sim.json5"), playDemo: true)
        demo.run(seconds: 30)
        let limit = Board.FaultDetection.defaults.maxFollowingErrorRadians
        #expect(demo.stand.status().fault == nil)
        #expect(demo.stand.status().peakFollowingErrorRadians.yaw < limit / 4)

        let reversals = try stand()
        for _ in 0..<5 {
            _ = try reversals.send(.setAngularVelocity(Vector3(pitch: 2, yaw: 3, roll: 4)))
            reversals.run(seconds: 0.5)
            _ = try reversals.send(.setAngularVelocity(Vector3(pitch: -2, yaw: -3, roll: -4)))
            reversals.run(seconds: 0.5)
        }
        #expect(reversals.stand.status().fault == nil)
        let peak = reversals.stand.status().peakFollowingErrorRadians
        #expect(peak.yaw > 0 && peak.yaw < limit / 4)
        #expect(peak.pitch > 0 && peak.pitch < limit / 4)

        let scene = try SceneRunner(scene: SceneFixtures.load("walk-fast"), board: BoardFixtures.load("sim.json5"),
                                    controller: .swivel, latencySeconds: 0.1)
        _ = scene.run()
        #expect(scene.virtual.stand.status().fault == nil)
    }
}
