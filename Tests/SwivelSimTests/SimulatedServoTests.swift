import SwivelHardware
import SwivelSim
import Testing

/// A servo axis: the ServoDriver writes the mock PWM channel, the stand's horn
/// reads one pulse per 20 ms period and slews at 3 rad/s.
@Suite struct SimulatedServoTests {
    static let slew = 3.0
    let clock = ManualClock()
    let stand: StandModel
    let servo: ServoDriver
    let pwm: InMemoryPWMProvider

    init() throws {
        let chip = try InMemoryGPIOChip(label: "sim", lineCount: 4, clock: clock)
        pwm = try InMemoryPWMProvider(clock: clock)
        let mapping = try ServoPulseMapping(
            minPulseNanoseconds: 1_000_000, maxPulseNanoseconds: 2_000_000,
            angleAtMinPulseRadians: -Double.pi / 2, angleAtMaxPulseRadians: Double.pi / 2)
        stand = try StandModel(
            chip: chip, pwm: pwm, clock: clock, integrationStepNanoseconds: 50_000,
            axes: [SimulatedAxisSpec(axis: .pitch, motor: .servo(pwmChip: 0, pwmChannel: 1, mapping: mapping, slewRadiansPerSecond: Self.slew))])
        servo = try ServoDriver(channel: pwm.channel(chip: 0, channel: 1), periodNanoseconds: 20_000_000, mapping: mapping)
    }

    func angle(at seconds: Double) throws -> Double {
        clock.set(MonotonicInstant(seconds: seconds))
        return try #require(stand.angleRadians(axis: .pitch))
    }

    /// How far the quantised pulse for `radians` lands from it: under half a
    /// nanosecond of a 1 ms range spanning π rad.
    static let pulseResolution = Double.pi / 1_000_000

    @Test func hornSlewsAtItsRateAndSettles() throws {
        try servo.command(angleRadians: 0.6, at: clock.now())
        servo.enable(at: clock.now())
        // The first pulse is read at 0: the horn moves 3 rad/s from there.
        for t in [0.01, 0.05, 0.1, 0.15, 0.19] {
            #expect(abs(try angle(at: t) - Self.slew * t) < 1e-9, "t = \(t)")
            #expect(try #require(stand.velocityRadiansPerSecond(axis: .pitch)) == Self.slew)
        }
        #expect(abs(try angle(at: 0.25) - 0.6) < Self.pulseResolution)
        #expect(stand.velocityRadiansPerSecond(axis: .pitch) == 0)

        // A command written mid-period is read at the next boundary (0.26 s).
        clock.set(MonotonicInstant(seconds: 0.25))
        try servo.command(angleRadians: -0.3, at: clock.now())
        let settled = try angle(at: 0.25)
        #expect(abs(try angle(at: 0.259) - settled) < 1e-12)
        #expect(abs(try angle(at: 0.3) - (settled - Self.slew * 0.04)) < 1e-9)
        #expect(try #require(stand.velocityRadiansPerSecond(axis: .pitch)) == -Self.slew)
        #expect(abs(try angle(at: 0.7) + 0.3) < Self.pulseResolution)

        // Pulses stop: the horn stops where it is.
        try servo.command(angleRadians: 0.6, at: clock.now())
        clock.set(MonotonicInstant(seconds: 0.75))
        servo.disable(at: clock.now())
        // Read at 0.72 (a boundary), moving for 30 ms until the disable at 0.75.
        let stopped = try angle(at: 0.75)
        #expect(abs(stopped - (-0.3 + Self.slew * 0.03)) < 2 * Self.pulseResolution)
        #expect(abs(try angle(at: 1.0) - stopped) < 1e-12)
        #expect(stand.isDriven(axis: .pitch) == false)
        #expect(stand.lateOutputEvents == 0)
    }

    @Test func outOfSpanCommandsStopAtTheEnd() throws {
        try servo.command(angleRadians: 4, at: clock.now())
        servo.enable(at: clock.now())
        #expect(abs(try angle(at: 1.0) - Double.pi / 2) < 1e-12)
        #expect(pwm.state(chip: 0, channel: 1)?.dutyCycleNanoseconds == 2_000_000)
    }

    @Test func noPulseNoMotion() throws {
        servo.enable(at: clock.now())
        #expect(try angle(at: 0.5) == 0)
    }
}
