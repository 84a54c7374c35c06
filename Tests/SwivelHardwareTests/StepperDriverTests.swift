import SwivelHardware
import SwivelTestSupport
import Testing

/// An executor that refuses plans while `refusing` is set, then writes them like the instant one.
final class FlakyExecutor: StepExecutor {
    let inner = InstantStepExecutor(maximumStepsPerPlan: 64)
    var refusing = false
    var maximumStepsPerPlan: Int { inner.maximumStepsPerPlan }
    var latenessToleranceNanoseconds: Int64 { inner.latenessToleranceNanoseconds }

    func addChannel(
        step: any DigitalOutput, direction: any DigitalOutput, enable: (any DigitalOutput)?, enableActiveLow: Bool
    ) throws(HardwareError) -> Int {
        try inner.addChannel(step: step, direction: direction, enable: enable, enableActiveLow: enableActiveLow)
    }

    func setEnabled(_ enabled: Bool, at instant: MonotonicInstant, channel: Int) -> Bool {
        refusing ? false : inner.setEnabled(enabled, at: instant, channel: channel)
    }

    func execute(_ plan: StepPlan, channel: Int) -> Bool {
        refusing ? false : inner.execute(plan, channel: channel)
    }

    func lateFault(channel: Int) -> StepLateFault? { inner.lateFault(channel: channel) }
    func droppedMicrosteps(channel: Int) -> Int64 { inner.droppedMicrosteps(channel: channel) }
    func clearLateFault(channel: Int) { inner.clearLateFault(channel: channel) }
    func acceptedPlans(channel: Int) -> UInt64 { inner.acceptedPlans(channel: channel) }
    func finishedPlans(channel: Int) -> UInt64 { inner.finishedPlans(channel: channel) }
}

@Suite struct StepperDriverTests {
    let clock = ManualClock()
    let chip: InMemoryGPIOChip
    let planner: StepPlanner

    init() throws {
        chip = try InMemoryGPIOChip(label: "mock", lineCount: 8, clock: clock)
        planner = try StepPlanner(
            microstepsPerRadian: 1_000, maxStepRateHz: 100_000, minPulseWidthNanoseconds: 2_000,
            directionSetupNanoseconds: 1_000, invertDirection: false)
    }

    func makeDriver(executor: any StepExecutor = InstantStepExecutor(), initialRadians: Double = 0) throws -> StepperDriver {
        try StepperDriver(
            step: chip.requestOutput(line: 0, initialHigh: false, consumer: "step"),
            direction: chip.requestOutput(line: 1, initialHigh: false, consumer: "dir"),
            enable: chip.requestOutput(line: 2, initialHigh: true, consumer: "enable"),
            enableActiveLow: true, planner: planner, executor: executor, initialRadians: initialRadians)
    }

    @Test func enableIsActiveLow() throws {
        let driver = try makeDriver()
        driver.enable(at: ns(10))
        #expect(chip.outputLevel(line: 2) == false)
        #expect(driver.isEnabled)
        driver.disable(at: ns(20))
        #expect(chip.outputLevel(line: 2) == true)
        #expect(!driver.isEnabled)
    }

    @Test func aStepStampedWithItsEnableWaitsTheEnableSetup() throws {
        // No DIR setup time, so only the ENABLE rule can hold the step back.
        let planner = try StepPlanner(
            microstepsPerRadian: 1_000, maxStepRateHz: 100_000, minPulseWidthNanoseconds: 2_000,
            directionSetupNanoseconds: 0, invertDirection: false)
        let driver = try StepperDriver(
            step: chip.requestOutput(line: 0, initialHigh: false, consumer: "step"),
            direction: chip.requestOutput(line: 1, initialHigh: false, consumer: "dir"),
            enable: chip.requestOutput(line: 2, initialHigh: true, consumer: "enable"),
            enableActiveLow: true, planner: planner, executor: InstantStepExecutor(clock: clock))
        // A tick that ran 300 µs late: ENABLE and the first step (planned 10 µs
        // after it) are both stamped with the present.
        clock.set(ns(2_300_000))
        driver.enable(at: ns(2_000_000))
        try driver.move(toRadians: 0.005, from: ns(2_000_000), until: ns(2_100_000))
        let on = try #require(chip.transitions(onLine: 2).last)
        #expect(!on.high)
        let firstRise = try #require(chip.transitions(onLine: 0).first { $0.high })
        #expect(firstRise.instant.nanoseconds - on.instant.nanoseconds >= StepEnableTiming.setupNanoseconds,
                "ENABLE on at \(on.instant), the first step at \(firstRise.instant)")
        #expect(chip.transitions(onLine: 0).filter(\.high).count == 5)
    }

    @Test func movesWriteDirThenPulsesAtTheirInstants() throws {
        let driver = try makeDriver()
        // Three 1 ms ticks along a 10 microsteps/ms ramp, then back by 5.
        try driver.move(toRadians: 0.01, from: ns(0), until: ns(1_000_000))
        try driver.move(toRadians: 0.02, from: ns(1_000_000), until: ns(2_000_000))
        try driver.move(toRadians: 0.015, from: ns(2_000_000), until: ns(3_000_000))
        #expect(driver.commandedRadians == 0.015)
        let rises = risingEdges(chip, line: 0).map(\.instant)
        #expect(rises.count == 25)
        #expect(Array(rises.prefix(20)) == (0..<20).map { ns(50_000 + Int64($0) * 100_000) })
        // Going down from 20, the crossing of 19.5 is 100 µs into the third tick.
        #expect(Array(rises.suffix(5)) == (0..<5).map { ns(2_100_000 + Int64($0) * 200_000) })
        #expect(pulseWidths(chip, line: 0).allSatisfy { $0 == 2_000 })
        #expect(chip.transitions(onLine: 1).map(\.high) == [false, true, false])
        #expect(chip.transitions(onLine: 1).map(\.instant) == [ns(0), ns(0), ns(2_000_000)])
        #expect(chip.outOfOrderWrites == 0)
    }

    @Test func refusedPlansAreReplannedNotLost() throws {
        let executor = FlakyExecutor()
        let driver = try makeDriver(executor: executor)
        executor.refusing = true
        try driver.move(toRadians: 0.01, from: ns(0), until: ns(1_000_000))
        #expect(driver.rejectedPlans == 1)
        #expect(driver.commandedRadians == 0)
        #expect(driver.backlogSteps == 10)
        executor.refusing = false
        try driver.move(toRadians: 0.01, from: ns(1_000_000), until: ns(2_000_000))
        #expect(driver.commandedRadians == 0.01)
        #expect(risingEdges(chip, line: 0).count == 10)
        #expect(driver.backlogSteps == 0)
    }

    @Test func anEnableChangeTheExecutorCannotQueueIsAskedAgain() throws {
        let executor = FlakyExecutor()
        let driver = try makeDriver(executor: executor)
        driver.enable(at: ns(0))
        #expect(chip.outputLevel(line: 2) == false)
        executor.refusing = true
        driver.disable(at: ns(10))
        #expect(!driver.isEnabled)
        #expect(chip.outputLevel(line: 2) == false, "refused: not written yet")
        executor.refusing = false
        try driver.move(toRadians: 0, from: ns(20), until: ns(1_000_000))
        #expect(chip.outputLevel(line: 2) == true, "asked again before the next move")
    }

    @Test func rateLimitedStepsAreCounted() throws {
        // 200 microsteps in 1 ms, but 100 kHz allows one per 10 µs: the first
        // (at its 2.5 µs crossing) is on time, 99 more are held back, 100 carried.
        let driver = try makeDriver()
        try driver.move(toRadians: 0.2, from: ns(0), until: ns(1_000_000))
        #expect(risingEdges(chip, line: 0).last?.instant == ns(992_500))
        #expect(driver.backlogSteps == 100)
        #expect(driver.carryOvers == 1)
        #expect(driver.rateLimitedSteps == 99)
        try driver.move(toRadians: 0.2, from: ns(1_000_000), until: ns(2_000_000))
        #expect(risingEdges(chip, line: 0).last?.instant == ns(1_992_500))
        #expect(driver.backlogSteps == 0)
        #expect(driver.rateLimitedSteps == 199)
        #expect(driver.commandedRadians == 0.2)
    }

    @Test func planCapacityComesFromTheExecutor() throws {
        let driver = try makeDriver(executor: InstantStepExecutor(maximumStepsPerPlan: 4))
        try driver.move(toRadians: 0.01, from: ns(0), until: ns(1_000_000))
        #expect(driver.lastPlan.stepCount == 4)
        #expect(driver.planOverflows == 1)
        #expect(driver.backlogSteps == 6)
    }

    @Test func badInputsChangeNothing() throws {
        let driver = try makeDriver(initialRadians: 0.005)
        #expect(driver.commandedRadians == 0.005)
        #expect(throws: MotionInputError.nonFiniteRadians) { try driver.move(toRadians: .nan, from: ns(0), until: ns(10)) }
        #expect(throws: MotionInputError.segmentEndsBeforeStart) { try driver.move(toRadians: 1, from: ns(10), until: ns(0)) }
        #expect(driver.targetRadians == 0.005)
        #expect(risingEdges(chip, line: 0).isEmpty)
        #expect(throws: HardwareError.self) {
            try StepperDriver(
                step: chip.requestOutput(line: 5, initialHigh: false, consumer: "s"),
                direction: chip.requestOutput(line: 6, initialHigh: false, consumer: "d"),
                enable: nil, enableActiveLow: false, planner: planner, executor: InstantStepExecutor(), initialRadians: .infinity)
        }
    }
}
