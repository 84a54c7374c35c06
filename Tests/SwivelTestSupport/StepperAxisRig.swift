package import SwivelHardware
package import SwivelSim

/// One simulated stepper axis with its encoder, wired as the runtime wires
/// it: 200 full steps × 16 microsteps per revolution, a 1024-line encoder
/// (x4), a step/dir driver with ENABLE on line 2 (active low), the encoder's
/// A/B on lines 4 and 5. Each rig has a virtual clock of its own.
package struct StepperAxisRig {
    package static let microstepsPerRadian = 3_200 / (2 * Double.pi)
    package static let countsPerRadian = 4_096 / (2 * Double.pi)
    package static let integrationStepNanoseconds: Int64 = 20_000

    package let clock = ManualClock()
    package let chip: InMemoryGPIOChip
    package let pwm: InMemoryPWMProvider
    package let stand: StandModel
    package let driver: StepperDriver
    package let encoder: QuadratureEncoder

    package init(naturalFrequencyHz: Double, dampingRatio: Double, coastDeceleration: Double,
         maximumStepsPerAdvance: Int64 = 4_096) throws {
        chip = try InMemoryGPIOChip(label: "sim", lineCount: 8, clock: clock, transitionLogCapacity: 100_000)
        pwm = try InMemoryPWMProvider(clock: clock)
        stand = try StandModel(
            chip: chip, pwm: pwm, clock: clock, integrationStepNanoseconds: Self.integrationStepNanoseconds,
            maximumStepsPerAdvance: maximumStepsPerAdvance,
            axes: [SimulatedAxisSpec(
                axis: .yaw,
                motor: .stepper(
                    stepLine: 0, directionLine: 1, enableLine: 2, enableActiveLow: true,
                    microstepsPerRadian: Self.microstepsPerRadian, invertDirection: false,
                    naturalFrequencyHz: naturalFrequencyHz, dampingRatio: dampingRatio,
                    coastDecelerationRadiansPerSecondSquared: coastDeceleration),
                encoder: .quadrature(lineA: 4, lineB: 5, countsPerRadian: Self.countsPerRadian, invert: false))])
        let planner = try StepPlanner(
            microstepsPerRadian: Self.microstepsPerRadian, maxStepRateHz: 20_000, minPulseWidthNanoseconds: 2_000,
            directionSetupNanoseconds: 1_000, invertDirection: false)
        driver = try StepperDriver(
            step: chip.requestOutput(line: 0, initialHigh: false, consumer: "yaw step"),
            direction: chip.requestOutput(line: 1, initialHigh: false, consumer: "yaw dir"),
            enable: chip.requestOutput(line: 2, initialHigh: true, consumer: "yaw enable"),
            enableActiveLow: true, planner: planner, executor: InstantStepExecutor())
        encoder = try QuadratureEncoder(
            source: chip.requestEdgeEvents(lines: [4, 5], consumer: "yaw encoder"),
            lineA: 4, lineB: 5, countsPerRadian: Self.countsPerRadian, invert: false)
    }
}
