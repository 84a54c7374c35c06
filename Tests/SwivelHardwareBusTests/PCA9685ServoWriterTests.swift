import SwivelHardware
import SwivelTestSupport
import Testing

/// The PCA9685 servo driver against an in-memory chip: the set-up, a pulse
/// per channel, full OFF when disabled, nothing sent from the tick when the
/// bus has a writer, and three failed transfers in a row a motor fault.
@Suite struct PCA9685ServoWriterTests {
    static let mapping = try! ServoPulseMapping(
        minPulseNanoseconds: 500_000, maxPulseNanoseconds: 2_500_000, angleAtMinPulseRadians: -Double.pi / 2, angleAtMaxPulseRadians: Double.pi / 2)
    static let codec = PCA9685ServoCodec(pwm: try! PCA9685PWM(frequencyHertz: 50))

    static func chip() -> InMemoryI2CRegisterFile {
        InMemoryI2CRegisterFile(initial: PCA9685ServoCodec.powerOnRegisters, accepts: PCA9685ServoCodec.acceptsWrite)
    }

    static func actuators(_ bus: I2CServoBus, _ chip: InMemoryI2CRegisterFile, channels: [Int]) -> [I2CServoActuator] {
        channels.map { channel in
            let slot = bus.addChannel(channel, address: 0x40, device: chip, codec: codec, ratePeriodNanoseconds: codec.pwm.periodNanoseconds)
            return I2CServoActuator(mapping: mapping, slot: slot, bus: bus)
        }
    }

    @Test func startWritesTheSetUpThenEveryChannelOff() throws {
        let chip = Self.chip()
        let bus = I2CServoBus(name: "test", inline: true)
        _ = Self.actuators(bus, chip, channels: [0, 1])
        try bus.start()
        #expect(chip.writes.map(\.description) == ["00 10", "FE 79", "00 00", "00 A0", "06 00 00 00 10", "0A 00 00 00 10"])
        // The chip runs: awake with auto-increment, prescale 121, both channels full off.
        #expect(chip.register(PCA9685Register.mode1) == 0xA0)
        #expect(chip.register(PCA9685Register.preScale) == 0x79)
        #expect(PCA9685ServoCodec.decodePulseNanoseconds(registers: chip.registers, channel: 0, oscillatorHertz: 25_000_000) == nil)
    }

    @Test func aPulseIsOneWriteOfTheChannelsCountsAndOffIsFullOff() throws {
        let chip = Self.chip()
        let bus = I2CServoBus(name: "test", inline: true)
        let servos = Self.actuators(bus, chip, channels: [0, 1])
        try bus.start()
        let before = chip.writes.count
        try servos[0].enable(at: MonotonicInstant(nanoseconds: 0), holding: 0)
        // 1500 µs at 50 Hz: 307 counts (0x133), on channel 0 only.
        #expect(chip.writes.dropFirst(before).map(\.description) == ["06 00 00 33 01"])
        let pulse = try #require(PCA9685ServoCodec.decodePulseNanoseconds(registers: chip.registers, channel: 0, oscillatorHertz: 25_000_000))
        #expect(abs(pulse - 1_500_000) < 5_000, "\(pulse) ns")
        // The same angle again: nothing to send.
        try servos[0].command(positionRadians: 0, from: MonotonicInstant(nanoseconds: 0), until: MonotonicInstant(nanoseconds: 1_000_000))
        #expect(chip.writes.count == before + 1)
        servos[0].disable(at: MonotonicInstant(nanoseconds: 2_000_000))
        #expect(chip.writes.last?.description == "06 00 00 00 10")
        #expect(PCA9685ServoCodec.decodePulseNanoseconds(registers: chip.registers, channel: 0, oscillatorHertz: 25_000_000) == nil)
    }

    /// With a writer thread's bus the tick only stores: the chip sees the
    /// pulse when the writer's pass runs, not when the actuator is commanded.
    @Test func theTickSendsNothingOnAThreadedBus() throws {
        let chip = Self.chip()
        let bus = I2CServoBus(name: "test", inline: false)
        let servos = Self.actuators(bus, chip, channels: [4])
        try servos[0].enable(at: MonotonicInstant(nanoseconds: 0), holding: Double.pi / 2)
        try servos[0].command(positionRadians: 1.0, from: MonotonicInstant(nanoseconds: 0), until: MonotonicInstant(nanoseconds: 1_000_000))
        #expect(chip.writes.isEmpty)
        bus.flush()
        // Only the latest pulse goes out: 1500 + 1.0/(π/2) × 1000 µs.
        let expected = Self.mapping.pulseNanoseconds(forAngle: 1.0)!
        let counts = try Self.codec.pwm.counts(pulseNanoseconds: expected)
        #expect(chip.writes.map(\.description) == [try Self.codec.pwm.pulseWrite(channel: 4, pulseNanoseconds: expected).description])
        #expect(chip.register(0x06 + 16 + 2) == UInt8(counts & 0xFF))
    }

    @Test func threeFailedTransfersInARowAreAMotorFault() throws {
        let chip = Self.chip()
        let bus = I2CServoBus(name: "test", inline: true)
        let servos = Self.actuators(bus, chip, channels: [0, 1])
        try bus.start()
        chip.failNextTransfers(2)
        try servos[0].enable(at: MonotonicInstant(nanoseconds: 0), holding: 0.1)
        try servos[0].command(positionRadians: 0.2, from: MonotonicInstant(nanoseconds: 0), until: MonotonicInstant(nanoseconds: 1))
        #expect(servos[0].fault == nil, "two failures, then the third pass goes through")
        try servos[0].command(positionRadians: 0.3, from: MonotonicInstant(nanoseconds: 0), until: MonotonicInstant(nanoseconds: 1))
        #expect(servos[0].fault == nil)
        chip.failNextTransfers(3, kind: .noAnswer)
        for step in 1...3 {
            try servos[0].command(positionRadians: 0.3 + Double(step) * 0.1, from: MonotonicInstant(nanoseconds: 0), until: MonotonicInstant(nanoseconds: 1))
        }
        #expect(servos[0].fault == .busTransfersFailed(consecutive: 3, cause: .noAnswer))
        // Every servo on the chip is faulted: they share its bus.
        #expect(servos[1].fault == servos[0].fault)
        #expect(servos[0].fault?.description.contains("nothing acknowledged its address") == true)
    }

    @Test func aSetUpThatFailsStopsStartWithTheReason() {
        let chip = Self.chip()
        chip.failNextTransfers(1)
        let bus = I2CServoBus(name: "/dev/i2c-1", inline: true)
        _ = Self.actuators(bus, chip, channels: [0])
        #expect(throws: HardwareError.self) { try bus.start() }
    }

    /// The in-memory chip keeps the silicon's rule: PRE_SCALE is written only asleep.
    @Test func thePrescaleOfAnAwakeChipIsKept() throws {
        let chip = Self.chip()
        try chip.write(I2CRegisterWrite(register: 0x00, bytes: [0x00]))
        try chip.write(I2CRegisterWrite(register: 0xFE, bytes: [0x65]))
        #expect(chip.register(0xFE) == 0x1E)
    }

    @Test func stoppingTheWriterSendsTheChannelsOff() throws {
        let chip = Self.chip()
        let bus = I2CServoBus(name: "test", inline: false)
        let servos = Self.actuators(bus, chip, channels: [2])
        try bus.start()
        try servos[0].enable(at: MonotonicInstant(nanoseconds: 0), holding: 0)
        servos[0].disable(at: MonotonicInstant(nanoseconds: 1))
        bus.stop()
        #expect(chip.writes.last?.description == "0E 00 00 00 10")
        #expect(PCA9685ServoCodec.decodePulseNanoseconds(registers: chip.registers, channel: 2, oscillatorHertz: 25_000_000) == nil)
    }
}
