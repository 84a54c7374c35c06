import SwivelCore
import SwivelSimBackend
import SwivelStand
import SwivelStandHarness
import Testing

/// The simulated stand playing its demo in virtual time, checked through the
/// encoder path: step pulses → simulated rotors → encoder edges → decoders.
@Suite struct DemoThroughEncodersTests {
    /// Two encoder counts (8192 per turn) plus a microstep of quantisation.
    static let encoderTolerance = 2 * (2 * Double.pi / 8192) + 1.0 / 1528

    @Test func demoReachesItsTargetsThroughTheEncoders() throws {
        let board = try BoardFixtures.load("sim.json5")
        let sim = try VirtualStand(board: board, playDemo: true)
        var phases: [DemoScript.Phase] = []
        var atPhaseStart: [StandStatus] = []
        var worstAcceleration = 0.0
        var previous = sim.stand.status()
        while sim.stand.status().demoCycles < 1, sim.stand.status().time < 60 {
            sim.tick()
            let status = sim.stand.status()
            if let phase = status.demoPhase, phase != phases.last {
                phases.append(phase)
                atPhaseStart.append(status)
            }
            worstAcceleration = max(worstAcceleration, abs(status.commanded.yaw.velocity - previous.commanded.yaw.velocity) / 0.001)
            previous = status
        }
        #expect(Array(phases.prefix(7)) == [.slump, .wakeup, .timedMove, .sweepUp(.yaw), .sweepDown(.yaw), .home, .pause])
        try #require(atPhaseStart.count >= 7)
        let tolerance = Self.encoderTolerance
        // Each phase starts once the previous one has arrived: the encoders must agree.
        let afterMove = atPhaseStart[3].measured
        #expect(abs(afterMove.yaw - 1.2) < tolerance)
        #expect(abs(afterMove.pitch - (-0.4 * 0.7)) < tolerance)
        let afterSweepUp = atPhaseStart[4].measured
        #expect(abs(afterSweepUp.yaw - 2.8) < tolerance)
        let afterSweepDown = atPhaseStart[5].measured
        #expect(abs(afterSweepDown.yaw + 2.8) < tolerance)
        let afterHome = atPhaseStart[6].measured
        #expect(abs(afterHome.yaw) < tolerance)
        #expect(abs(afterHome.pitch) < tolerance)
        #expect(worstAcceleration <= 12 * (1 + 1e-6))

        let status = sim.stand.status()
        #expect(status.encoderAxes == [.pitch, .yaw])
        #expect(status.encoderIllegalTransitions == 0)
        #expect(status.encoderDroppedEvents == 0)
        #expect(status.driverFaults == 0)
        // Ticked in virtual time, the model never fell behind: fine steps throughout.
        #expect(sim.simulation.model.maximumStepsPerAdvance == 100)
        #expect(sim.simulation.model.stretchedAdvances == 0)
        #expect(sim.simulation.model.integrationSteps > UInt64(status.time / 20e-6))
    }

    @Test func theServoHornFollowsTheTimedMove() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"), playDemo: true)
        #expect(sim.run(until: { $0.demoPhase == .sweepUp(.yaw) }, timeoutSeconds: 30))
        // Roll has no encoder; the physical model tells where the horn went.
        let horn = try #require(sim.simulation.model.angleRadians(axis: .roll))
        // One PWM period of quantisation in time, 1 µs of pulse in angle.
        #expect(abs(horn - 0.15) < 0.002)
    }

    @Test func aContinuousYawStandSweepsPitch() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim-continuous.json5"), playDemo: true)
        #expect(sim.run(until: { $0.demoPhase == .sweepDown(.pitch) }, timeoutSeconds: 30))
        let status = sim.stand.status()
        #expect(abs(status.measured.pitch - 0.7) < Self.encoderTolerance)
    }
}
