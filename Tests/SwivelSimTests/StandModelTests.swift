#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelHardware
import SwivelSim
import Testing

@Suite struct StandModelTests {
    func stepper(step: Int, direction: Int, enable: Int?) -> SimulatedAxisSpec.Motor {
        .stepper(
            stepLine: step, directionLine: direction, enableLine: enable, enableActiveLow: true,
            microstepsPerRadian: 500, invertDirection: false, naturalFrequencyHz: 40, dampingRatio: 0.7)
    }

    @Test func badDescriptionsAreRefusedWithReasons() throws {
        let clock = ManualClock()
        let chip = try InMemoryGPIOChip(label: "sim", lineCount: 8, clock: clock)
        let pwm = try InMemoryPWMProvider(clock: clock)
        let mapping = try ServoPulseMapping(minPulseNanoseconds: 1_000_000, maxPulseNanoseconds: 2_000_000, angleAtMinPulseRadians: -1, angleAtMaxPulseRadians: 1)
        let cases: [(Int64, [SimulatedAxisSpec], HardwareErrorKind)] = [
            (0, [SimulatedAxisSpec(axis: .yaw, motor: stepper(step: 0, direction: 1, enable: nil))], .invalidConfiguration),
            (1_000, [SimulatedAxisSpec(axis: .yaw, motor: stepper(step: 0, direction: 9, enable: nil))], .lineOutOfRange),
            (1_000, [SimulatedAxisSpec(axis: .yaw, motor: stepper(step: 0, direction: 0, enable: nil))], .lineBusy),
            (1_000, [SimulatedAxisSpec(axis: .yaw, motor: stepper(step: 0, direction: 1, enable: 2), encoder: .quadrature(lineA: 2, lineB: 3, countsPerRadian: 100, invert: false))], .lineBusy),
            (1_000, [SimulatedAxisSpec(axis: .yaw, motor: stepper(step: 0, direction: 1, enable: nil)), SimulatedAxisSpec(axis: .yaw, motor: stepper(step: 2, direction: 3, enable: nil))], .invalidConfiguration),
            (1_000, [SimulatedAxisSpec(axis: .yaw, motor: .stepper(stepLine: 0, directionLine: 1, enableLine: nil, enableActiveLow: false, microstepsPerRadian: 500, invertDirection: false, naturalFrequencyHz: 0, dampingRatio: 0.7))], .invalidConfiguration),
            (1_000, [SimulatedAxisSpec(axis: .pitch, motor: .servo(pwmChip: 0, pwmChannel: 5, mapping: mapping, slewRadiansPerSecond: 3))], .lineOutOfRange),
            (1_000, [SimulatedAxisSpec(axis: .pitch, motor: .servo(pwmChip: 0, pwmChannel: 0, mapping: mapping, slewRadiansPerSecond: -3))], .invalidConfiguration),
            (1_000, [SimulatedAxisSpec(axis: .yaw, motor: stepper(step: 0, direction: 1, enable: nil), initialAngleRadians: .nan)], .invalidConfiguration),
        ]
        for (step, axes, kind) in cases {
            let error = #expect(throws: HardwareError.self) {
                try StandModel(chip: chip, pwm: pwm, clock: clock, integrationStepNanoseconds: step, axes: axes)
            }
            #expect(error?.kind == kind, "\(String(describing: error))")
            #expect(error?.reason.isEmpty == false)
        }
    }

    @Test func encoderStartsOnTheInitialAngle() throws {
        let clock = ManualClock()
        let chip = try InMemoryGPIOChip(label: "sim", lineCount: 8, clock: clock)
        let pwm = try InMemoryPWMProvider(clock: clock)
        // 100 counts per radian: 0.023 rad is count 2, levels A=1 B=1.
        _ = try StandModel(
            chip: chip, pwm: pwm, clock: clock, integrationStepNanoseconds: 1_000,
            axes: [SimulatedAxisSpec(axis: .yaw, motor: stepper(step: 0, direction: 1, enable: nil), encoder: .quadrature(lineA: 4, lineB: 5, countsPerRadian: 100, invert: false), initialAngleRadians: 0.023)])
        #expect(chip.outputLevel(line: 4) == true)
        #expect(chip.outputLevel(line: 5) == true)
    }

    /// Two encoders on one edge request: the stand interleaves their edges in time order.
    @Test func twoAxesShareOneRequestInTimeOrder() throws {
        let clock = ManualClock()
        let chip = try InMemoryGPIOChip(label: "sim", lineCount: 8, clock: clock, edgeEventCapacity: 10_000)
        let pwm = try InMemoryPWMProvider(clock: clock)
        let stand = try StandModel(
            chip: chip, pwm: pwm, clock: clock, integrationStepNanoseconds: 100_000,
            axes: [
                SimulatedAxisSpec(axis: .yaw, motor: stepper(step: 0, direction: 1, enable: nil), encoder: .quadrature(lineA: 4, lineB: 5, countsPerRadian: 1_000, invert: false)),
                SimulatedAxisSpec(axis: .pitch, motor: stepper(step: 2, direction: 3, enable: nil), encoder: .quadrature(lineA: 6, lineB: 7, countsPerRadian: 1_000, invert: true)),
            ])
        let source = try chip.requestEdgeEvents(lines: [4, 5, 6, 7], consumer: "encoders")
        try stand.push(axis: .yaw, radiansPerSecond: 1)
        try stand.push(axis: .pitch, radiansPerSecond: -0.7)
        clock.set(MonotonicInstant(seconds: 0.05))
        let buffer = UnsafeMutableBufferPointer<EdgeEvent>.allocate(capacity: 10_000)
        defer { buffer.deallocate() }
        let count = source.drainEvents(into: buffer)
        let events = Array(buffer[0..<count])
        #expect(Set(events.map(\.line)) == [4, 5, 6, 7])
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.instant <= $1.instant })
        #expect(events.allSatisfy { $0.instant <= clock.now() })
    }

    /// The same stand on the system clock, as `make run` drives it: the loop
    /// sleeps between ticks and the model integrates whatever time really
    /// passed. No assertion on speed: only on where things end up.
    @Test func runsInRealTimeOnTheSystemClock() throws {
        let clock = SystemMonotonicClock()
        let chip = try InMemoryGPIOChip(label: "sim", lineCount: 8, clock: clock)
        let pwm = try InMemoryPWMProvider(clock: clock)
        let microstepsPerRadian = 500.0
        let stand = try StandModel(
            chip: chip, pwm: pwm, clock: clock, integrationStepNanoseconds: 20_000,
            axes: [SimulatedAxisSpec(axis: .yaw, motor: stepper(step: 0, direction: 1, enable: 2), encoder: .quadrature(lineA: 4, lineB: 5, countsPerRadian: 1_000, invert: false))])
        let planner = try StepPlanner(microstepsPerRadian: microstepsPerRadian, maxStepRateHz: 20_000, minPulseWidthNanoseconds: 2_000, directionSetupNanoseconds: 1_000, invertDirection: false)
        let driver = try StepperDriver(
            step: chip.requestOutput(line: 0, initialHigh: false, consumer: "step"),
            direction: chip.requestOutput(line: 1, initialHigh: false, consumer: "dir"),
            enable: chip.requestOutput(line: 2, initialHigh: true, consumer: "enable"),
            enableActiveLow: true, planner: planner, executor: InstantStepExecutor())
        let encoder = try QuadratureEncoder(
            source: chip.requestEdgeEvents(lines: [4, 5], consumer: "encoder"), lineA: 4, lineB: 5, countsPerRadian: 1_000, invert: false)
        let start = clock.now()
        driver.enable(at: start)
        var tickStart = start
        // 0.1 rad over roughly 40 ticks of 1 ms, then hold for 300 ms.
        for tick in 1...340 {
            encoder.update()
            let tickEnd = start.advanced(byNanoseconds: Int64(tick) * 1_000_000)
            let target = 0.1 * min(Double(tick) / 40, 1)
            try driver.move(toRadians: target, from: max(tickStart, clock.now()), until: max(tickEnd, clock.now()))
            tickStart = max(tickEnd, clock.now())
            usleep(1_000)
        }
        encoder.update()
        let angle = try #require(stand.angleRadians(axis: .yaw))
        #expect(driver.commandedRadians == 50 / microstepsPerRadian)
        #expect(abs(angle - driver.commandedRadians) < 1e-6)
        #expect(abs(encoder.positionRadians - angle) <= 1.0 / 1_000)
        #expect(encoder.illegalTransitions == 0)
        #expect(stand.droppedOutputEvents == 0)
    }
}
