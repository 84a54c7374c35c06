import SwivelHardware
import SwivelTestSupport
import Testing

@Suite struct InMemoryPWMProviderTests {
    let clock = ManualClock()

    @Test func channelsAreHeldOnceAndInRange() throws {
        let pwm = try InMemoryPWMProvider(clock: clock, chipCount: 1, channelsPerChip: 2)
        let channel = try pwm.channel(chip: 0, channel: 1)
        #expect(#expect(throws: HardwareError.self) { try pwm.channel(chip: 0, channel: 1) }?.kind == .lineBusy)
        #expect(#expect(throws: HardwareError.self) { try pwm.channel(chip: 1, channel: 0) }?.kind == .chipNotFound)
        #expect(#expect(throws: HardwareError.self) { try pwm.channel(chip: 0, channel: 2) }?.kind == .lineOutOfRange)
        _ = channel
    }

    @Test func writesAreRecordedWithInstantsAndRejectedLikeSysfs() throws {
        let pwm = try InMemoryPWMProvider(clock: clock)
        var observed: [PWMWrite] = []
        pwm.addObserver { observed.append($0) }
        let channel = try pwm.channel(chip: 0, channel: 0)
        channel.setEnabled(true, at: ns(5))  // no period yet: refused
        clock.set(ns(10))
        try channel.configure(periodNanoseconds: 20_000_000)
        channel.setDutyCycle(nanoseconds: 1_500_000, at: ns(100))
        channel.setDutyCycle(nanoseconds: 30_000_000, at: ns(200))  // above the period: refused
        channel.setEnabled(true, at: ns(300))
        #expect(throws: HardwareError.self) { try channel.configure(periodNanoseconds: 1_000_000) }
        let expected = [
            PWMWrite(chip: 0, channel: 0, change: .periodNanoseconds(20_000_000), instant: ns(10)),
            PWMWrite(chip: 0, channel: 0, change: .dutyCycleNanoseconds(1_500_000), instant: ns(100)),
            PWMWrite(chip: 0, channel: 0, change: .enabled(true), instant: ns(300)),
        ]
        #expect(pwm.writes(chip: 0, channel: 0) == expected)
        #expect(observed == expected)
        #expect(pwm.rejectedWrites == 3)
        #expect(pwm.state(chip: 0, channel: 0) == PWMChannelState(periodNanoseconds: 20_000_000, dutyCycleNanoseconds: 1_500_000, enabled: true))
    }

    @Test func aFullWriteLogCounts() throws {
        let pwm = try InMemoryPWMProvider(clock: clock, writeLogCapacity: 2)
        let channel = try pwm.channel(chip: 0, channel: 0)
        try channel.configure(periodNanoseconds: 20_000_000)
        for duty in 1...4 { channel.setDutyCycle(nanoseconds: Int64(duty) * 1_000, at: ns(Int64(duty))) }
        #expect(pwm.overflowedWrites == 3)
        #expect(pwm.writes(chip: 0, channel: 0).map(\.instant) == [ns(3), ns(4)])
    }
}
