import SwivelHardware
import Testing

/// Pan-Tilt HAT writes against Pimoroni's pantilthat 0.0.7 through a
/// recording SMBus (python/tests/test_part_packets.py checks them live):
/// `setup()` writes config 0x0C, `pan(0)` enables servo 1 (0x0D) then writes 1449 µs low byte first.
@Suite struct PanTiltHATCodecTests {
    @Test func configBitsAreTheLibrarys() {
        #expect(PanTiltHATCodec.configWrite(.libraryDefault).wireBytes == [0x00, 0x0C])
        #expect(PanTiltHATCodec.configWrite([.libraryDefault, .servo1Enabled]).wireBytes == [0x00, 0x0D])
        #expect(PanTiltHATCodec.configWrite([.libraryDefault, .enabled(.pan), .enabled(.tilt)]).wireBytes == [0x00, 0x0F])
        #expect(PanTiltHATCodec.configWrite([]).wireBytes == [0x00, 0x00])
    }

    @Test func pulsesAreWholeMicrosecondsLowByteFirst() throws {
        let codec = try PanTiltHATCodec()
        #expect(try codec.pulseWrite(.pan, pulseNanoseconds: 1_450_000).wireBytes == [0x01, 0xAA, 0x05])
        #expect(try codec.pulseWrite(.tilt, pulseNanoseconds: 575_000).wireBytes == [0x03, 0x3F, 0x02])
        #expect(try codec.pulseWrite(.tilt, pulseNanoseconds: 2_325_000).wireBytes == [0x03, 0x15, 0x09])
        // Rounded to the nearest microsecond.
        #expect(try codec.pulseWrite(.pan, pulseNanoseconds: 1_012_500).wireBytes == [0x01, 0xF5, 0x03])
        #expect(PanTiltHATCodec.decodePulseMicroseconds(low: 0xAA, high: 0x05) == 1450)
    }

    @Test func theLibrarysAngleMappingTruncates() throws {
        let codec = try PanTiltHATCodec()
        #expect(try codec.libraryPulseMicroseconds(.pan, degrees: -90) == 575)
        #expect(try codec.libraryPulseMicroseconds(.pan, degrees: -45) == 1012)
        // 1750 / 180 × 90 is 874.999… in binary floating point: the library sends 1449 for 0° and 2324 for 90°.
        #expect(try codec.libraryPulseMicroseconds(.pan, degrees: 0) == 1449)
        #expect(try codec.libraryPulseMicroseconds(.tilt, degrees: 90) == 2324)
        #expect(try codec.libraryPulseMicroseconds(.tilt, degrees: 18) == 1625)
        #expect(throws: PanTiltHATError.angleOutOfRange(degrees: 91)) { try codec.libraryPulseMicroseconds(.pan, degrees: 91) }
    }

    @Test func pulsesOutsideTheCalibrationAndBadRangesAreRefused() throws {
        let codec = try PanTiltHATCodec(panRangeMicroseconds: 1000...2000)
        for pulse: Int64 in [999_499, 2_000_500, 0, -1, .max, .min] {
            #expect(throws: PanTiltHATError.self) { try codec.pulseWrite(.pan, pulseNanoseconds: pulse) }
        }
        #expect(try codec.pulseWrite(.pan, pulseNanoseconds: 999_500).wireBytes == [0x01, 0xE8, 0x03])
        #expect(throws: PanTiltHATError.invalidPulseRange(minimumMicroseconds: 0, maximumMicroseconds: 100)) {
            try PanTiltHATCodec(panRangeMicroseconds: 0...100)
        }
        #expect(throws: PanTiltHATError.self) { try PanTiltHATCodec(tiltRangeMicroseconds: 500...70_000) }
    }
}
