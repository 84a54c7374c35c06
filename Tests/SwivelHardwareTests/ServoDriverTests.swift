import SwivelHardware
import SwivelTestSupport
import Testing

@Suite struct ServoDriverTests {
    let clock = ManualClock()
    let halfPi = Double.pi / 2

    func mapping(inverted: Bool = false) throws -> ServoPulseMapping {
        try ServoPulseMapping(
            minPulseNanoseconds: 1_000_000, maxPulseNanoseconds: 2_000_000,
            angleAtMinPulseRadians: inverted ? halfPi : -halfPi, angleAtMaxPulseRadians: inverted ? -halfPi : halfPi)
    }

    @Test func pulseAndAngleMapBothWays() throws {
        let mapping = try mapping()
        #expect(mapping.angle(forPulseNanoseconds: 1_000_000) == -halfPi)
        #expect(mapping.angle(forPulseNanoseconds: 1_500_000) == 0)
        #expect(mapping.angle(forPulseNanoseconds: 1_750_000) == halfPi / 2)
        #expect(mapping.pulseNanoseconds(forAngle: 0) == 1_500_000)
        #expect(mapping.pulseNanoseconds(forAngle: halfPi / 2) == 1_750_000)
        #expect(mapping.pulseNanoseconds(forAngle: -halfPi) == 1_000_000)
        // 0.1 rad is 0.1 / π of the 1 ms range: 31 830.99 ns above centre.
        #expect(mapping.pulseNanoseconds(forAngle: 0.1) == 1_531_831)
        for pulse in stride(from: Int64(1_000_000), through: 2_000_000, by: 12_345) {
            #expect(mapping.pulseNanoseconds(forAngle: mapping.angle(forPulseNanoseconds: pulse)) == pulse)
        }
    }

    @Test func invertedMappingRunsBackwards() throws {
        let mapping = try mapping(inverted: true)
        #expect(mapping.pulseNanoseconds(forAngle: halfPi / 2) == 1_250_000)
        #expect(mapping.angle(forPulseNanoseconds: 2_000_000) == -halfPi)
        #expect(mapping.pulseNanoseconds(forAngle: 3) == 1_000_000)
        #expect(mapping.pulseNanoseconds(forAngle: -3) == 2_000_000)
    }

    @Test func anglesAndPulsesClampToTheSpan() throws {
        let mapping = try mapping()
        #expect(mapping.pulseNanoseconds(forAngle: 3) == 2_000_000)
        #expect(mapping.pulseNanoseconds(forAngle: -3) == 1_000_000)
        #expect(mapping.angle(forPulseNanoseconds: 2_500_000) == halfPi)
        #expect(mapping.angle(forPulseNanoseconds: 0) == -halfPi)
        #expect(mapping.pulseNanoseconds(forAngle: .nan) == nil)
    }

    @Test func writesOnlyChangedDutyCycles() throws {
        let pwm = try InMemoryPWMProvider(clock: clock)
        let servo = try ServoDriver(
            channel: pwm.channel(chip: 0, channel: 0), periodNanoseconds: 20_000_000,
            minPulseNanoseconds: 1_000_000, maxPulseNanoseconds: 2_000_000,
            angleAtMinPulseRadians: -halfPi, angleAtMaxPulseRadians: halfPi)
        try servo.command(angleRadians: 0.2, at: ns(1_000))
        servo.enable(at: ns(1_000))
        for tick in 2...10 { try servo.command(angleRadians: 0.2, at: ns(Int64(tick) * 1_000)) }
        // 1e-9 rad is far below one nanosecond of pulse: the same pulse, no write.
        try servo.command(angleRadians: 0.2 + 1e-9, at: ns(11_000))
        try servo.command(angleRadians: 5, at: ns(12_000))
        try servo.command(angleRadians: 7, at: ns(13_000))
        try servo.command(angleRadians: -0.2, at: ns(14_000))
        #expect(throws: MotionInputError.nonFiniteRadians) { try servo.command(angleRadians: .nan, at: ns(15_000)) }
        servo.disable(at: ns(16_000))
        #expect(pwm.writes(chip: 0, channel: 0).map(\.change) == [
            .periodNanoseconds(20_000_000),
            .dutyCycleNanoseconds(1_563_662),
            .enabled(true),
            .dutyCycleNanoseconds(2_000_000),
            .dutyCycleNanoseconds(1_436_338),
            .enabled(false),
        ])
        #expect(pwm.writes(chip: 0, channel: 0).map(\.instant).dropFirst() == [ns(1_000), ns(1_000), ns(12_000), ns(14_000), ns(16_000)])
        #expect(abs((servo.commandedRadians ?? 0) + 0.2) < 1e-5)
        #expect(pwm.rejectedWrites == 0)
    }

    @Test func badConfigurationsAreRefused() throws {
        let pwm = try InMemoryPWMProvider(clock: clock)
        #expect(throws: HardwareError.self) { try ServoPulseMapping(minPulseNanoseconds: 2_000_000, maxPulseNanoseconds: 1_000_000, angleAtMinPulseRadians: 0, angleAtMaxPulseRadians: 1) }
        #expect(throws: HardwareError.self) { try ServoPulseMapping(minPulseNanoseconds: 1_000_000, maxPulseNanoseconds: 2_000_000, angleAtMinPulseRadians: 1, angleAtMaxPulseRadians: 1) }
        #expect(throws: HardwareError.self) { try ServoPulseMapping(minPulseNanoseconds: 1_000_000, maxPulseNanoseconds: 2_000_000, angleAtMinPulseRadians: .nan, angleAtMaxPulseRadians: 1) }
        #expect(throws: HardwareError.self) { try ServoDriver(channel: pwm.channel(chip: 0, channel: 0), periodNanoseconds: 1_500_000, mapping: mapping()) }
    }
}
