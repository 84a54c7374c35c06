import SwivelHardware
import Testing

/// The HAT's writes as the I2C servo writer asks for them: widths before the
/// config, the config written whole with exactly the servos that have a pulse.
@Suite struct PanTiltHATServoCodecTests {
    let codec = PanTiltHATServoCodec()

    @Test func theFirstPassWritesTheConfigEvenWithBothOff() throws {
        let writes = try codec.writes(channels: [1, 2], sent: [-1, -1], wanted: [0, 0])
        #expect(writes.map(\.description) == ["00 00"])
    }

    @Test func enablingPanWritesItsWidthThenTheConfig() throws {
        let writes = try codec.writes(channels: [1, 2], sent: [0, 0], wanted: [1_450_000, 0])
        #expect(writes.map(\.description) == ["01 AA 05", "00 01"])
        let both = try codec.writes(channels: [1, 2], sent: [1_450_000, 0], wanted: [1_450_000, 1_000_000])
        #expect(both.map(\.description) == ["03 E8 03", "00 03"])
        // A new width on an enabled servo: no config write.
        let moved = try codec.writes(channels: [1, 2], sent: [1_450_000, 1_000_000], wanted: [1_500_000, 1_000_000])
        #expect(moved.map(\.description) == ["01 DC 05"])
        let off = try codec.writes(channels: [1, 2], sent: [1_500_000, 1_000_000], wanted: [1_500_000, 0])
        #expect(off.map(\.description) == ["00 01"])
    }

    @Test func aRegisterFileDecodesOnlyEnabledServos() throws {
        let hat = InMemoryI2CRegisterFile()
        for write in try codec.writes(channels: [1, 2], sent: [-1, -1], wanted: [1_450_000, 0]) { try hat.write(write) }
        #expect(PanTiltHATServoCodec.decodePulseNanoseconds(registers: hat.registers, servo: .pan) == 1_450_000)
        #expect(PanTiltHATServoCodec.decodePulseNanoseconds(registers: hat.registers, servo: .tilt) == nil)
    }

    @Test func aServoNumberTheHATHasNotIsRefused() {
        #expect(throws: HardwareError.self) { try codec.writes(channels: [3], sent: [0], wanted: [1_000_000]) }
    }
}
