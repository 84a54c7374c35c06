import Testing
@testable import SwivelCore

@Suite struct HomingRunTests {
    func parameters(towardsPositive: Bool = false) throws -> PerAxis<HomingParameters?> {
        var p = PerAxis<HomingParameters?>(repeating: nil)
        p.yaw = try HomingParameters(towardsPositive: towardsPositive, seekSpeed: 0.5, switchPosition: -2.9,
                                     backoff: 0.05, maximumTravel: 1)
        return p
    }

    @Test func seekBrakeRebaseBackOff() throws {
        var run = HomingRun(parameters: try parameters(), measured: PerAxis(repeating: 0))
        #expect(run.command(for: .yaw, commandedPosition: 0) == .velocity(-0.5))
        #expect(run.command(for: .pitch, commandedPosition: 0) == nil)
        #expect(run.advance(.yaw, switchClosed: false, measured: -0.5, commanded: .init(position: -0.5, velocity: -0.5)) == nil)
        // The switch closes at a measured −0.7: brake.
        #expect(run.advance(.yaw, switchClosed: true, measured: -0.7, commanded: .init(position: -0.7, velocity: -0.5)) == nil)
        #expect(run.command(for: .yaw, commandedPosition: -0.7) == .velocity(0))
        // Still moving: no rebase yet.
        #expect(run.advance(.yaw, switchClosed: true, measured: -0.72, commanded: .init(position: -0.72, velocity: -0.1)) == nil)
        // At rest 0.03 past the trigger: the trigger was −2.9, so the offset is −2.2.
        let offset = run.advance(.yaw, switchClosed: true, measured: -0.73, commanded: .init(position: -0.73, velocity: 0))
        #expect(abs((offset ?? 0) - (-2.2)) < 1e-12)
        // Back off toward positive to 0.05 past the rebased rest position.
        #expect(run.phases.yaw == .backingOff(until: -0.73 - 2.2 + 0.05))
        _ = run.advance(.yaw, switchClosed: false, measured: -2.88, commanded: .init(position: -0.73 - 2.2 + 0.05, velocity: 0))
        #expect(run.phases.yaw == .homed)
        #expect(run.isComplete)
        #expect(run.failedAxes.isEmpty)
    }

    @Test func seekingPastTheMaximumTravelFails() throws {
        var run = HomingRun(parameters: try parameters(towardsPositive: true), measured: PerAxis(repeating: 0.2))
        #expect(run.command(for: .yaw, commandedPosition: 0.2) == .velocity(0.5))
        _ = run.advance(.yaw, switchClosed: false, measured: 1.19, commanded: .init(position: 1.19, velocity: 0.5))
        #expect(!run.isComplete)
        _ = run.advance(.yaw, switchClosed: false, measured: 1.21, commanded: .init(position: 1.21, velocity: 0.5))
        #expect(run.phases.yaw == .failed)
        #expect(run.failedAxes == .yaw)
    }

    @Test func abortLeavesUnfinishedAxesFailed() throws {
        var run = HomingRun(parameters: try parameters(), measured: PerAxis(repeating: 0))
        run.abort()
        #expect(run.phases.yaw == .failed)
        #expect(run.isComplete)
    }

    @Test func badParametersAreRefused() {
        #expect(throws: SwivelError.invalid(.nonPositiveHomingSetting, value: 0)) {
            try HomingParameters(towardsPositive: true, seekSpeed: 0, switchPosition: 0, backoff: 0.05, maximumTravel: 1)
        }
        #expect(throws: SwivelError.self) {
            try HomingParameters(towardsPositive: true, seekSpeed: 1, switchPosition: .nan, backoff: 0.05, maximumTravel: 1)
        }
    }
}
