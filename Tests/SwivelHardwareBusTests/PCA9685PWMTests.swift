import SwivelHardware
import Testing

/// PCA9685 writes against what adafruit-circuitpython-pca9685 3.4.22 writes
/// through a recording I2C bus (python/tests/test_part_packets.py checks the
/// same writes live): `frequency = 50` after `reset()` is MODE1 0x10, PRE_SCALE
/// 0x79, MODE1 0x00, MODE1 0xA0; a channel's duty cycle is one write of its four registers.
@Suite struct PCA9685PWMTests {
    @Test func setupAt50HzIsTheLibrarysSleepPrescaleWakeRestart() throws {
        let pwm = try PCA9685PWM(frequencyHertz: 50)
        #expect(pwm.preScale == 121)
        #expect(
            pwm.setupSequence == [
                .write(I2CRegisterWrite(register: 0x00, bytes: [0x10])),
                .write(I2CRegisterWrite(register: 0xFE, bytes: [0x79])),
                .write(I2CRegisterWrite(register: 0x00, bytes: [0x00])),
                .pause(microseconds: 500),
                .write(I2CRegisterWrite(register: 0x00, bytes: [0xA0])),
            ])
    }

    @Test func prescaleFollowsTheDatasheetEquation() throws {
        #expect(try PCA9685PWM(frequencyHertz: 60).preScale == 101)
        // The datasheet's own example: 200 Hz gives 0x1E.
        #expect(try PCA9685PWM(frequencyHertz: 200).preScale == 0x1E)
        // 0x03 and 0xFF are the ends: 1526 Hz and 24 Hz.
        #expect(try PCA9685PWM(frequencyHertz: 1526).preScale == 3)
        #expect(try PCA9685PWM(frequencyHertz: 24).preScale == 253)
        let pwm = try PCA9685PWM(frequencyHertz: 50)
        #expect(abs(pwm.actualFrequencyHertz - 50.028) < 0.001)
        #expect(pwm.periodNanoseconds == 19_988_480)
    }

    @Test func frequenciesThePrescalerCannotMakeAreRefusedNotClamped() {
        for frequency in [1800.0, 23.0, 0, -50, .nan, .infinity] {
            #expect(throws: PCA9685Error.self) { try PCA9685PWM(frequencyHertz: frequency) }
        }
        #expect(throws: PCA9685Error.oscillatorOutOfRange(oscillatorHertz: 0)) { try PCA9685PWM(frequencyHertz: 50, oscillatorHertz: 0) }
    }

    @Test func pulsesAreOneAutoIncrementWriteOfTheChannelsFourRegisters() throws {
        let pwm50 = try PCA9685PWM(frequencyHertz: 50)
        #expect(try pwm50.pulseWrite(channel: 0, pulseNanoseconds: 1_500_000).wireBytes == [0x06, 0x00, 0x00, 0x33, 0x01])
        #expect(try pwm50.pulseWrite(channel: 1, pulseNanoseconds: 500_000).wireBytes == [0x0A, 0x00, 0x00, 0x66, 0x00])
        #expect(try pwm50.pulseWrite(channel: 15, pulseNanoseconds: 2_500_000).wireBytes == [0x42, 0x00, 0x00, 0x00, 0x02])
        // 500 µs of a 59.84 Hz period is 122.55 counts: the nearest, 123, not the truncated 122.
        let pwm60 = try PCA9685PWM(frequencyHertz: 60)
        #expect(try pwm60.counts(pulseNanoseconds: 500_000) == 123)
        #expect(try pwm60.counts(pulseNanoseconds: 1_500_000) == 368)
        #expect(try pwm60.counts(pulseNanoseconds: 2_500_000) == 613)
    }

    @Test func fullyOffSetsOnlyTheFullOffBit() throws {
        #expect(try PCA9685PWM.fullyOffWrite(channel: 0).wireBytes == [0x06, 0, 0, 0, 0x10])
        #expect(try PCA9685PWM.fullyOffWrite(channel: 15).wireBytes == [0x42, 0, 0, 0, 0x10])
    }

    @Test func badChannelsAndPulsesGetTypedErrors() throws {
        let pwm = try PCA9685PWM(frequencyHertz: 50)
        #expect(throws: PCA9685Error.channelOutOfRange(channel: 16)) { try pwm.pulseWrite(channel: 16, pulseNanoseconds: 1_500_000) }
        #expect(throws: PCA9685Error.channelOutOfRange(channel: -1)) { try PCA9685PWM.fullyOffWrite(channel: -1) }
        for pulse: Int64 in [0, -1, 1000, 19_988_480, 25_000_000, .max, .min] {
            #expect(throws: PCA9685Error.self) { try pwm.pulseWrite(channel: 0, pulseNanoseconds: pulse) }
        }
        // The longest pulse that still leaves the line low for a count.
        #expect(try pwm.counts(pulseNanoseconds: 19_983_000) == 4095)
    }
}
