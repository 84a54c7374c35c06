import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelStand
import SwivelSim
import SwivelSimBackend
import SwivelStandHarness
import Testing

/// The physical model behind servos on I2C chips runs on the stand's clock
/// tick by tick, though the tick reads none of its lines or sensors: on the
/// base commit it integrated only when a test asked for an angle (and the
/// daemon never did: "simulation: 0 integration steps"), each servo then
/// reading the chip's registers of that moment for every frame it had missed.
@Suite struct SimulatedI2CServoModelTests {
    @Test(arguments: ["sim-pca9685.json5", "sim-pantilthat.json5"])
    func theModelKeepsUpWithTheTicks(board: String) throws {
        let sim = try VirtualStand(board: try BoardFixtures.load(board))
        _ = try sim.send(.setOrientation(.angles(Vector3(pitch: 0.2, yaw: 0.5)), durationSeconds: 0, relative: false))
        sim.run(seconds: 1)
        // Read before anything that would make the model catch up on its own (an angle).
        let model = sim.simulation.model
        #expect(model.integrationSteps > 0)
        let lastTick = sim.stand.status().tickNanoseconds
        #expect(model.time.nanoseconds >= lastTick, "the model is at \(model.time.nanoseconds) ns, the last tick at \(lastTick)")
        #expect(model.stretchedAdvances == 0, "a model that keeps up never takes longer steps")
    }

    /// A servo reads each frame's pulse as the chip held it then, as the
    /// frames pass: the first jog's width for 0.5 s, then the second's, and
    /// the horn slews from one to the other.
    @Test func eachFrameReadsTheRegistersOfItsOwnTime() throws {
        let sim = try VirtualStand(board: try BoardFixtures.load("sim-pca9685.json5"))
        _ = try sim.send(.setServoPulse(axis: .yaw, pulseMicroseconds: 1000))
        sim.run(seconds: 0.5)
        _ = try sim.send(.setServoPulse(axis: .yaw, pulseMicroseconds: 2000))
        sim.run(seconds: 0.1)
        let yaw = try #require(sim.simulation.i2cServoSummaryLines.first { $0.contains("(yaw)") })
        // One count of the chip is 4.9 µs: 1000 and 2000 come back as the nearest counts.
        #expect(yaw == "simulated PCA9685 channel 0 (yaw): pulses 1000.4...2000.8 µs, 2000.8 µs at the end")
        let angle = try #require(sim.simulation.model.angleRadians(axis: .yaw))
        // 1000 µs is -0.785 rad and 2000 µs +0.785: slewing at 10.5 rad/s it covers ~1 rad in the 0.1 s.
        #expect(angle > -0.785 + 0.5 && angle < 0.785, "yaw \(angle)")
    }
}
