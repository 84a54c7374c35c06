import SwivelCore
import SwivelStandHarness
import Testing
@testable import SwivelLoop
@testable import SwivelSimBackend
@testable import SwivelStand

/// The engine's modes as the published status shows them, with what each
/// means at the outputs (drivers) and for commands.
@Suite struct StandModeTests {
    /// The modes the status showed, each once per stretch.
    private static func stretches(_ modes: [StandMode]) -> [StandMode] {
        modes.reduce(into: []) { seen, mode in if seen.last != mode { seen.append(mode) } }
    }

    @Test func aFaultStopsTurnsOffClearsAndRunsAgain() throws {
        let v = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        v.tick()
        #expect(v.stand.status().mode == .released)
        #expect(!v.stand.status().driversEnabled)
        _ = try v.send(.setAngularVelocity(Vector3(yaw: 1)))
        #expect(v.stand.status().mode == .running)
        #expect(v.stand.status().driversEnabled)
        try v.simulation.model.cutEncoder(axis: .yaw)

        var modes: [StandMode] = []
        #expect(v.run(until: { status in modes.append(status.mode); return status.faultDisabled }, timeoutSeconds: 2))
        let fault = try #require(v.stand.status().fault)
        #expect(Self.stretches(modes) == [.running, .faulted(fault, driversOff: false), .faulted(fault, driversOff: true)])
        #expect(!v.stand.status().driversEnabled)
        #expect(throws: AxisFaultMonitor.refusal(for: fault)) { try v.send(.setAngularVelocity(Vector3(pitch: 0.2))) }

        _ = try v.send(.clearFault)
        guard case .clearing(fault, _) = v.stand.status().mode else {
            Issue.record("clearFault at rest begins clearing: \(v.stand.status().mode)")
            return
        }
        #expect(v.stand.status().driversEnabled, "clearing re-enables the drivers to let them settle")
        #expect(throws: AxisFaultMonitor.refusal(for: fault)) { try v.send(.setAngularVelocity(Vector3(pitch: 0.2))) }
        #expect(v.run(until: { $0.mode == .running }, timeoutSeconds: 1))
        #expect(v.stand.status().fault == nil)
        #expect(try v.send(.setAngularVelocity(Vector3(pitch: 0.2))) == .accepted)
    }

    @Test func aHaltRefusesCommandsStopsAndTurnsEverythingOff() throws {
        let v = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        _ = try v.send(.setAngularVelocity(Vector3(yaw: 1.5)))
        v.run(seconds: 0.5)
        v.stand.requestHalt()
        v.tick()
        #expect(v.stand.status().mode == .halting(fault: nil))
        #expect(v.stand.status().driversEnabled, "a halt decelerates under power")
        #expect(throws: SwivelError(.notConnected, .standHalted)) { try v.send(.stop) }
        #expect(v.run(until: \.halted, timeoutSeconds: v.stand.worstCaseStopSeconds + 0.1))
        #expect(v.stand.status().mode == .halted(fault: nil))
        #expect(!v.stand.status().driversEnabled)
        #expect(v.stand.isHalted)
    }
}
