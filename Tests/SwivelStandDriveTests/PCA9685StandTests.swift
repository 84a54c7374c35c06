import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelStand
import SwivelSim
import SwivelSimBackend
import SwivelStandHarness
import Testing

/// Hobby servos on a PCA9685 on the simulated stand in virtual time: the
/// stand's driver writes the simulated chip's registers on the simulated I2C
/// bus, and each simulated servo moves to the pulse it decodes from them.
@Suite struct PCA9685StandTests {
    static let mapping = try! ServoPulseMapping(
        minPulseNanoseconds: 500_000, maxPulseNanoseconds: 2_500_000, angleAtMinPulseRadians: -1.5708, angleAtMaxPulseRadians: 1.5708)

    static func chip(_ sim: VirtualStand) throws -> InMemoryI2CRegisterFile {
        let bus = try #require(sim.simulation.hardware.i2c as? SimulatedI2CBus)
        return try #require(bus.registerFile(bus: 1, address: 0x40))
    }

    static func pulse(_ chip: InMemoryI2CRegisterFile, channel: Int) -> Int64? {
        PCA9685ServoCodec.decodePulseNanoseconds(registers: chip.registers, channel: channel, oscillatorHertz: 25_000_000)
    }

    @Test func theChipIsSetUpAndBothChannelsOffBeforeAnythingMoves() throws {
        let sim = try VirtualStand(board: try BoardFixtures.load("sim-pca9685.json5"))
        let chip = try Self.chip(sim)
        #expect(Array(chip.writes.prefix(4).map(\.description)) == ["00 10", "FE 79", "00 00", "00 A0"])
        #expect(Set(chip.writes.dropFirst(4).prefix(2).map(\.description)) == ["06 00 00 00 10", "0A 00 00 00 10"])
        #expect(sim.simulation.hardware.motorResources.all.count == 1, "one writer for both channels of the chip")
    }

    @Test func aMoveArrivesThroughTheChipsRegisters() throws {
        let sim = try VirtualStand(board: try BoardFixtures.load("sim-pca9685.json5"))
        let chip = try Self.chip(sim)
        _ = try sim.send(.setOrientation(.angles(Vector3(pitch: -0.3, yaw: 0.8)), durationSeconds: 1, relative: false))
        #expect(sim.run(until: { $0.lastRequest?.isFinished == true }, timeoutSeconds: 2))
        sim.run(seconds: 0.3)
        // The registers hold the pulses for the targets, to a count (about 4.9 µs).
        let yaw = try #require(Self.pulse(chip, channel: 0))
        let pitch = try #require(Self.pulse(chip, channel: 1))
        let count: Int64 = 4_880
        #expect(abs(yaw - Self.mapping.pulseNanoseconds(forAngle: 0.8)!) <= count, "yaw pulse \(yaw)")
        // Pitch is inverted: the shortest pulse tilts up.
        let pitchMapping = try ServoPulseMapping(minPulseNanoseconds: 500_000, maxPulseNanoseconds: 2_500_000,
                                                 angleAtMinPulseRadians: 1.5708, angleAtMaxPulseRadians: -1.5708)
        #expect(abs(pitch - pitchMapping.pulseNanoseconds(forAngle: -0.3)!) <= count, "pitch pulse \(pitch)")
        // And the simulated servos, reading those registers, went there.
        let yawAngle = try #require(sim.simulation.model.angleRadians(axis: .yaw))
        let pitchAngle = try #require(sim.simulation.model.angleRadians(axis: .pitch))
        #expect(abs(yawAngle - 0.8) < 0.01, "yaw \(yawAngle)")
        #expect(abs(pitchAngle + 0.3) < 0.01, "pitch \(pitchAngle)")
        #expect(sim.stand.status().fault == nil)
    }

    /// The chip stops acknowledging (unplugged, unpowered): three failed
    /// writes in a row stop the stand with a motor fault naming the cause;
    /// once it answers again the disabled drivers' full OFF reaches it.
    @Test func aChipThatStopsAnsweringIsAMotorFault() throws {
        let sim = try VirtualStand(board: try BoardFixtures.load("sim-pca9685.json5"))
        let chip = try Self.chip(sim)
        _ = try sim.send(.setAngularVelocity(Vector3(yaw: 0.3)))
        sim.run(seconds: 0.3)
        chip.failNextTransfers(3)
        #expect(sim.run(until: { $0.fault != nil }, timeoutSeconds: 0.1))
        guard case .motor(_, .busTransfersFailed(let count, .noAnswer))? = sim.stand.status().fault else {
            Issue.record("expected a bus failure, got \(String(describing: sim.stand.status().fault))")
            return
        }
        #expect(count >= 3)
        #expect(throws: SwivelError.self) { try sim.send(.setAngularVelocity(Vector3(yaw: 0.1))) }
        sim.run(seconds: 2)
        #expect(sim.stand.status().commanded.yaw.velocity == 0)
        #expect(Self.pulse(chip, channel: 0) == nil, "the released servo goes limp: channel 0 full OFF")
        #expect(Self.pulse(chip, channel: 1) == nil)
    }
}
