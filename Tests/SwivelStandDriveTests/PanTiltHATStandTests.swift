import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelStand
import SwivelSim
import SwivelSimBackend
import SwivelStandHarness
import Testing

/// Servos on the Pimoroni Pan-Tilt HAT on the simulated stand in virtual
/// time: the stand's driver writes the simulated HAT's config and pulse
/// registers, and each simulated servo moves to the pulse it reads there.
@Suite struct PanTiltHATStandTests {
    static func hat(_ sim: VirtualStand) throws -> InMemoryI2CRegisterFile {
        let bus = try #require(sim.simulation.hardware.i2c as? SimulatedI2CBus)
        return try #require(bus.registerFile(bus: 1, address: 0x15))
    }

    @Test func bothServosAreOffUntilTheFirstMoveThenEnabledWithTheirWidths() throws {
        let sim = try VirtualStand(board: try BoardFixtures.load("sim-pantilthat.json5"))
        let hat = try Self.hat(sim)
        // Set-up: config 0 (both servos off, lights off), then nothing to enable.
        #expect(hat.register(PanTiltHATRegister.config) == 0)
        _ = try sim.send(.setOrientation(.angles(Vector3(pitch: -0.3, yaw: 0.8)), durationSeconds: 1, relative: false))
        #expect(sim.run(until: { $0.lastRequest?.isFinished == true }, timeoutSeconds: 2))
        sim.run(seconds: 0.3)
        #expect(hat.register(PanTiltHATRegister.config) == 0x03)
        let yawMapping = try ServoPulseMapping(minPulseNanoseconds: 575_000, maxPulseNanoseconds: 2_325_000,
                                               angleAtMinPulseRadians: -1.5708, angleAtMaxPulseRadians: 1.5708)
        let pitchMapping = try ServoPulseMapping(minPulseNanoseconds: 575_000, maxPulseNanoseconds: 2_325_000,
                                                 angleAtMinPulseRadians: 1.5708, angleAtMaxPulseRadians: -1.5708)
        let pan = PanTiltHATCodec.decodePulseMicroseconds(low: hat.register(0x01), high: hat.register(0x02))
        let tilt = PanTiltHATCodec.decodePulseMicroseconds(low: hat.register(0x03), high: hat.register(0x04))
        #expect(Int64(pan) == (yawMapping.pulseNanoseconds(forAngle: 0.8)! + 500) / 1_000, "pan \(pan) µs")
        #expect(Int64(tilt) == (pitchMapping.pulseNanoseconds(forAngle: -0.3)! + 500) / 1_000, "tilt \(tilt) µs")
        let yaw = try #require(sim.simulation.model.angleRadians(axis: .yaw))
        let pitch = try #require(sim.simulation.model.angleRadians(axis: .pitch))
        #expect(abs(yaw - 0.8) < 0.01, "yaw \(yaw)")
        #expect(abs(pitch + 0.3) < 0.01, "pitch \(pitch)")
    }

    @Test func aHATThatStopsAnsweringIsAMotorFaultAndItsServosEndDisabled() throws {
        let sim = try VirtualStand(board: try BoardFixtures.load("sim-pantilthat.json5"))
        let hat = try Self.hat(sim)
        _ = try sim.send(.setAngularVelocity(Vector3(yaw: 0.3)))
        sim.run(seconds: 0.3)
        hat.failNextTransfers(3, kind: .transferFailed)
        #expect(sim.run(until: { $0.fault != nil }, timeoutSeconds: 0.1))
        guard case .motor(_, .busTransfersFailed(_, .transferFailed))? = sim.stand.status().fault else {
            Issue.record("expected a bus failure, got \(String(describing: sim.stand.status().fault))")
            return
        }
        sim.run(seconds: 2)
        #expect(hat.register(PanTiltHATRegister.config) & 0x03 == 0, "both servos limp")
    }
}
