import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelStand
import SwivelSim
import SwivelSimBackend
import SwivelStandHarness
import Testing

/// 28BYJ-48s on ULN2003 boards on the simulated stand in virtual time: the
/// stand writes the coil states through the step executor, the simulated
/// board's rotors follow them.
@Suite struct UnipolarStepperStandTests {
    static func stand() throws -> VirtualStand {
        try VirtualStand(board: try BoardFixtures.load("sim-28byj48.json5"))
    }

    @Test func theBoardReadsTheGearboxsRealRatio() throws {
        let board = try BoardFixtures.load("sim-28byj48.json5")
        let yaw = try #require(board.axes.yaw?.motor.settings as? Board.UnipolarStepper)
        #expect(yaw.sequence == .half)
        #expect(yaw.coilLines == [17, 27, 22, 23])
        // 4076 half-steps a shaft turn, not 4096.
        #expect((yaw.statesPerRadian * 2 * Double.pi).rounded() == 4076)
    }

    @Test func aMoveArrivesAndTheCoilsGoOffAtRest() throws {
        let sim = try Self.stand()
        let model = sim.simulation.model
        #expect(model.isDriven(axis: .yaw) == false, "nothing energised before the first motion")
        _ = try sim.send(.setOrientation(.angles(Vector3(pitch: 0.2, yaw: 0.5, roll: 0)), durationSeconds: 1.5, relative: false))
        #expect(sim.run(until: { $0.lastRequest?.isFinished == true }, timeoutSeconds: 3))
        #expect(model.isDriven(axis: .yaw) == true, "held for holdMs once at rest")
        sim.run(seconds: 0.05)
        let yaw = try #require(model.angleRadians(axis: .yaw))
        let pitch = try #require(model.angleRadians(axis: .pitch))
        // Within a half-step (1.5 mrad) of where the stand counts it.
        #expect(abs(yaw - 0.5) < 2e-3, "yaw at \(yaw)")
        #expect(abs(pitch - 0.2) < 2e-3, "pitch at \(pitch)")
        sim.run(seconds: 0.3)
        #expect(model.isDriven(axis: .yaw) == false, "coils off 200 ms after the axis came to rest")
        #expect(model.isDriven(axis: .pitch) == false)
        #expect(sim.stand.status().fault == nil)
        // The next move energises them again, before its first step, and arrives.
        _ = try sim.send(.setOrientation(.angles(Vector3(pitch: 0, yaw: -0.3, roll: 0)), durationSeconds: 1.5, relative: false))
        // A timed move starts gently: a third of a second in, it has stepped
        // (the model's rotor does not move with its coils off, so arriving says they came on).
        sim.run(seconds: 0.3)
        #expect(model.isDriven(axis: .yaw) == true)
        #expect(sim.run(until: { $0.lastRequest?.isFinished == true }, timeoutSeconds: 3))
        sim.run(seconds: 0.05)
        #expect(abs(try #require(model.angleRadians(axis: .yaw)) + 0.3) < 2e-3)
    }

    /// A state that would go out past the tolerance is dropped with its plan
    /// and faults the axis, as a late STEP pulse does.
    @Test func aPlanTooLateIsDroppedAndFaulted() throws {
        let sim = try Self.stand()
        _ = try sim.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 0.8, roll: 0)))
        sim.run(seconds: 0.5)
        // At 0.8 rad/s a 1 ms tick carries a state about half the time: wake
        // late until a tick that carried one is 1.5 ms overdue, past the 0.5 ms tolerance.
        for _ in 0..<10 where sim.stand.status().fault == nil {
            sim.tick(wakingLateBy: 2_500_000)
            sim.skipDeadlines(2)
            _ = sim.run(until: { $0.fault != nil }, timeoutSeconds: 0.003)
        }
        guard case .motor(.yaw, .stepsTooLate)? = sim.stand.status().fault else {
            Issue.record("expected yaw's states to be reported too late, got \(String(describing: sim.stand.status().fault))")
            return
        }
        #expect(sim.run(until: \.faultDisabled, timeoutSeconds: 2))
        sim.run(seconds: 0.01)
        #expect(sim.simulation.model.isDriven(axis: .yaw) == false, "a fault releases the coils")
    }
}
