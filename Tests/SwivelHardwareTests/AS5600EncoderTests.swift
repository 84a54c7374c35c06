#if canImport(Glibc)
import Glibc
#endif
import SwivelHardware
import Testing

@Suite struct AS5600EncoderTests {
    static let radiansPerCount = 2 * Double.pi / 4_096

    static func encoder(_ device: InMemoryAS5600, gearRatio: Double = 1, invert: Bool = false,
                        zero: Double = 0) throws -> AS5600Encoder {
        try AS5600Encoder(device: device, gearRatio: gearRatio, invert: invert, zeroOffsetRadians: zero)
    }

    @Test func readsTheTwelveBitAngleAndStatus() throws {
        let device = InMemoryAS5600(rawAngle: 1_024)
        let encoder = try Self.encoder(device)
        #expect(encoder.sampleOnce() == .angle(rawCounts: 1_024, status: .magnetDetected))
        encoder.update()
        #expect(encoder.hasReading)
        #expect(abs(encoder.positionRadians - Double.pi / 2) < 1e-12)
        // The high nibble of 0x0C carries bits 11..8 only.
        device.setRawAngle(0xFFFF)
        #expect(encoder.sampleOnce() == .angle(rawCounts: 0x0FFF, status: .magnetDetected))
    }

    @Test func unwrapsTurnsFromSuccessiveSamples() throws {
        let device = InMemoryAS5600(rawAngle: 0)
        let encoder = try Self.encoder(device)
        // Three and a half turns forward in steps of 0.3 rad (< half a turn each).
        var angle = 0.0
        while angle < 7 * Double.pi {
            angle += 0.3
            device.setShaftAngle(radians: angle)
            encoder.sampleOnce()
        }
        encoder.update()
        #expect(abs(encoder.positionRadians - angle) <= Self.radiansPerCount)
        while angle > -2 * Double.pi {
            angle -= 0.3
            device.setShaftAngle(radians: angle)
            encoder.sampleOnce()
        }
        encoder.update()
        #expect(abs(encoder.positionRadians - angle) <= Self.radiansPerCount)
    }

    @Test func gearRatioInvertAndZeroOffsetMapSensorToAxis() throws {
        // A magnet geared 3:1 up from the axis, counting the other way, and
        // mounted so the sensor reads axis angle 0.25 rad at the axis's zero.
        let device = InMemoryAS5600(rawAngle: 0)
        let encoder = try Self.encoder(device, gearRatio: 3, invert: true, zero: 0.25)
        encoder.sampleOnce()
        encoder.update()
        let start = encoder.positionRadians
        // The first reading is put on the sensor turn nearest the axis zero.
        #expect(abs(start) <= Double.pi / 3)
        var sensor = 0.0
        for _ in 0..<40 {
            sensor += 0.4
            device.setShaftAngle(radians: sensor)
            encoder.sampleOnce()
        }
        encoder.update()
        // 16 rad of sensor = 16/3 rad of axis, negated by invert.
        #expect(abs((encoder.positionRadians - start) - (-16.0 / 3)) <= Self.radiansPerCount)
    }

    @Test func theFirstReadingIsTakenNearestTheAxisZero() throws {
        // Raw 4000 is 5.94 rad of sensor, or −0.147 rad: the axis is just below zero.
        let below = try Self.encoder(InMemoryAS5600(rawAngle: 4_000))
        below.sampleOnce()
        below.update()
        #expect(abs(below.positionRadians - (-96 * Self.radiansPerCount)) < 1e-12)
        // With a zero offset of 3 rad, 0.25 rad of sensor is the turn nearest 3 rad: axis −2.75.
        let offset = try Self.encoder(InMemoryAS5600(rawAngle: 163), zero: 3)
        offset.sampleOnce()
        offset.update()
        #expect(abs(offset.positionRadians - (163 * Self.radiansPerCount - 3)) < 1e-12)
    }

    @Test func magnetFaultsAreInvalidReadingsAndHoldThePosition() throws {
        let device = InMemoryAS5600(rawAngle: 512)
        let encoder = try Self.encoder(device)
        encoder.sampleOnce()
        encoder.update()
        let held = encoder.positionRadians
        for status: AS5600Status in [[], [.magnetDetected, .magnetTooWeak], [.magnetDetected, .magnetTooStrong]] {
            device.setStatus(status)
            device.setRawAngle(3_000)
            #expect(encoder.sampleOnce() == .magnetFault(status))
        }
        encoder.update()
        #expect(encoder.invalidReadings == 3)
        #expect(encoder.lostReadings == 0)
        #expect(encoder.positionRadians == held)
        #expect(AS5600Status([]).description == "no magnet detected")
    }

    @Test func busFailuresAreLostReadings() throws {
        let device = InMemoryAS5600(rawAngle: 100)
        let encoder = try Self.encoder(device)
        let error = I2CError(.noAnswer, "nothing answered at address 0x36")
        device.failNextReads(2, with: error)
        #expect(encoder.sampleOnce() == .busFailure(error))
        #expect(encoder.sampleOnce() == .busFailure(error))
        encoder.update()
        #expect(!encoder.hasReading)
        #expect(encoder.sampleOnce() == .angle(rawCounts: 100, status: .magnetDetected))
        encoder.update()
        #expect(encoder.hasReading)
        #expect(encoder.lostReadings == 2)
        #expect(encoder.invalidReadings == 0)
        #expect(device.readCount == 3)
    }

    @Test func rebaseMovesTheOriginAndRefusesNonFinite() throws {
        let device = InMemoryAS5600(rawAngle: 700)
        let encoder = try Self.encoder(device)
        encoder.sampleOnce()
        encoder.update()
        try encoder.rebase(toRadians: 1.5)
        #expect(encoder.positionRadians == 1.5)
        #expect(throws: MotionInputError.nonFiniteRadians) { try encoder.rebase(toRadians: .nan) }
        device.setRawAngle(700 + 1_024)
        encoder.sampleOnce()
        encoder.update()
        #expect(abs(encoder.positionRadians - (1.5 + Double.pi / 2)) < 1e-12)
    }

    @Test func refusesBadConfiguration() {
        for (ratio, zero) in [(0.0, 0.0), (-1, 0), (.infinity, 0), (1, .nan)] {
            #expect(throws: HardwareError.self) {
                try AS5600Encoder(device: InMemoryAS5600(), gearRatio: ratio, invert: false, zeroOffsetRadians: zero)
            }
        }
    }

    @Test func samplingInsideUpdateReadsTheDeviceEachTick() throws {
        let device = InMemoryAS5600(rawAngle: 0)
        let encoder = try AS5600Encoder(device: device, gearRatio: 1, invert: false, zeroOffsetRadians: 0,
                                        samplesInsideUpdate: true)
        device.setRawAngle(2_000)
        encoder.update()
        #expect(abs(encoder.positionRadians - 2_000 * Self.radiansPerCount) < 1e-12)
        device.setRawAngle(100)
        encoder.update()
        #expect(encoder.sensorCounts == 100)
        device.setRawAngle(3_000)  // backwards across the wrap: 100 → −1096
        encoder.update()
        #expect(encoder.sensorCounts == -1_096)
        #expect(abs(encoder.positionRadians - (-1_096 * Self.radiansPerCount)) < 1e-12)
        #expect(device.readCount == 3)
        #expect(throws: HardwareError.self) { try encoder.startSampling(rateHz: 1_000) }
    }

    @Test func theReaderThreadPublishesSamples() throws {
        let device = InMemoryAS5600(rawAngle: 0)
        let encoder = try Self.encoder(device)
        device.setRawAngle(1_234)
        try encoder.startSampling(rateHz: 1_000)
        #expect(encoder.isSampling)
        #expect(encoder.sampleOnce() == .readerThreadOwnsTheBus)
        #expect(throws: HardwareError.self) { try encoder.startSampling(rateHz: 1_000) }
        // Wait (bounded) for the thread's first reading; no assertion on how soon.
        var waited = 0
        while encoder.goodReadings == 0, waited < 5_000 {
            usleep(1_000)
            waited += 1
        }
        encoder.update()
        #expect(encoder.hasReading)
        #expect(encoder.sensorCounts == 1_234)
        encoder.stopSampling()
        #expect(!encoder.isSampling)
        let readsAfterStop = device.readCount
        usleep(5_000)
        #expect(device.readCount == readsAfterStop)
        #expect(encoder.sampleOnce() == .angle(rawCounts: 1_234, status: .magnetDetected))
    }
}
