import SwivelHardware
import SwivelTestSupport
import Testing

/// A line write that takes time, as a libgpiod write does: the clock moves
/// `before` on the way in and `after` on the way out, so the level changes
/// strictly inside the call.
final class SlowOutput: DigitalOutput {
    let inner: any DigitalOutput
    let clock: ManualClock
    let before: Int64
    let after: Int64

    init(_ inner: any DigitalOutput, clock: ManualClock, before: Int64 = 300, after: Int64 = 400) {
        self.inner = inner
        self.clock = clock
        self.before = before
        self.after = after
    }

    func set(_ high: Bool, at instant: MonotonicInstant) {
        clock.advance(byNanoseconds: before)
        inner.set(high, at: instant)
        clock.advance(byNanoseconds: after)
    }
}

/// The busy-wait executor in virtual time, its thread played by `runQueued`
/// on lines that take effect when written (as the kernel's), with a step
/// thread that stalls: every edge due inside a stall is written when the
/// stall ends, the way a preempted thread finds them. The edges are checked
/// at the lines, from the chip's recorded transitions.
@Suite struct LateStepThreadTests {
    let clock = ManualClock(startingAt: ns(1_000_000))
    let chip: InMemoryGPIOChip

    init() throws {
        chip = try InMemoryGPIOChip(label: "gpio-sim", lineCount: 4, clock: clock, writeTiming: .immediate)
    }

    struct Rig {
        let executor: BusyWaitStepExecutor
        let channel: Int
        let planner: StepPlanner
        let plan: StepPlan
        var state = StepperState(microsteps: 0)
        var radians = 0.0
    }

    /// 1000 microsteps per radian on lines 0 (STEP) and 1 (DIR), both slow to write.
    func rig(widthNanoseconds: Int64, rateHz: Double, setupNanoseconds: Int64) throws -> Rig {
        let executor = try BusyWaitStepExecutor(clock: clock, maximumStepsPerPlan: 64, queueDepth: 64)
        let channel = try executor.addChannel(
            step: SlowOutput(chip.requestOutput(line: 0, initialHigh: false, consumer: "step"), clock: clock),
            direction: SlowOutput(chip.requestOutput(line: 1, initialHigh: false, consumer: "dir"), clock: clock))
        chip.clearTransitionLog()
        let planner = try StepPlanner(
            microstepsPerRadian: 1_000, maxStepRateHz: rateHz, minPulseWidthNanoseconds: widthNanoseconds,
            directionSetupNanoseconds: setupNanoseconds, invertDirection: false)
        return Rig(executor: executor, channel: channel, planner: planner, plan: StepPlan(capacity: 64))
    }

    /// Plans a linear move to `radians` over [start, end] ns and queues it; returns its rising edges.
    @discardableResult
    func queue(_ rig: inout Rig, to radians: Double, from start: Int64, until end: Int64) throws -> [Int64] {
        try rig.planner.plan(
            StepSegment(start: ns(start), end: ns(end), startRadians: rig.radians, endRadians: radians),
            from: rig.state, into: rig.plan)
        #expect(rig.executor.execute(rig.plan, channel: rig.channel))
        rig.state = rig.plan.endState
        rig.radians = radians
        return rig.plan.risingEdges.map(\.nanoseconds)
    }

    /// Plays the step thread: each wake-up lands at the edge's instant, or at
    /// the end of the stall it falls in.
    func runThread(_ rig: Rig, stalls: [Range<Int64>]) throws {
        try rig.executor.runQueued(until: ns(Int64.max / 8)) { instant in
            let stall = stalls.first { $0.contains(instant.nanoseconds) }
            clock.set(ns(stall?.upperBound ?? instant.nanoseconds))
        }
    }

    /// What the STEP and DIR lines did, as (high time, low time, DIR setup) minimums.
    struct LineTimes {
        var pulseWidths: [Int64] = []
        var lowTimes: [Int64] = []
        var directionSetups: [Int64] = []
        var directionHolds: [Int64] = []
        var rises = 0
    }

    func lineTimes() -> LineTimes {
        var times = LineTimes()
        var lastRise: Int64?
        var lastFall: Int64?
        var lastDirection: Int64?
        var stepHigh = false
        for transition in chip.allTransitions() {
            let t = transition.instant.nanoseconds
            switch (transition.line, transition.high) {
            case (0, true):
                if let lastFall { times.lowTimes.append(t - lastFall) }
                if let lastDirection { times.directionSetups.append(t - lastDirection); }
                lastDirection = nil
                lastRise = t
                stepHigh = true
                times.rises += 1
            case (0, false):
                if let lastRise { times.pulseWidths.append(t - lastRise) }
                lastFall = t
                stepHigh = false
            case (1, _):
                #expect(!stepHigh, "DIR changed during a STEP pulse at \(transition.instant)")
                if let lastFall { times.directionHolds.append(t - lastFall) }
                lastDirection = t
            default:
                break
            }
        }
        return times
    }

    @Test func aLateRisingEdgeStillGetsTheWholePulseWidth() throws {
        // The case: a 1 ms minimum pulse (500 Hz at most).
        var rig = try rig(widthNanoseconds: 1_000_000, rateHz: 500, setupNanoseconds: 5_000)
        let rises = try queue(&rig, to: 0.004, from: 10_000_000, until: 30_000_000)
        #expect(rises.count == 4)
        // The thread wakes 300 µs late for the second rising edge: its fall was
        // planned 1 ms after the PLANNED rise, only 700 µs after the real one.
        try runThread(rig, stalls: [rises[1]..<(rises[1] + 300_000)])
        let times = lineTimes()
        #expect(times.rises == 4)
        #expect(times.pulseWidths.count == 4)
        for width in times.pulseWidths { #expect(width >= 1_000_000, "a \(width) ns pulse for a 1 ms minimum") }
        #expect(rig.executor.executedPlans == 1)
    }

    @Test func aLateFallingEdgeStillLeavesTheLineLowForAPulseWidth() throws {
        var rig = try rig(widthNanoseconds: 100_000, rateHz: 1_000, setupNanoseconds: 5_000)
        let rises = try queue(&rig, to: 0.003, from: 2_000_000, until: 5_000_000)
        #expect(rises == [2_500_000, 3_500_000, 4_500_000])
        // Stalled from just before the first fall until 50 µs before the next
        // rise: the fall comes late, and the rise after it must wait.
        let fall = rises[0] + 100_000
        try runThread(rig, stalls: [(fall - 10_000)..<(rises[1] - 50_000)])
        let times = lineTimes()
        #expect(times.rises == 3)
        for low in times.lowTimes { #expect(low >= 100_000, "the line was low for only \(low) ns") }
        for width in times.pulseWidths { #expect(width >= 100_000) }
    }

    @Test func aLateDirectionChangeStillGetsItsSetupTime() throws {
        var rig = try rig(widthNanoseconds: 100_000, rateHz: 5_000, setupNanoseconds: 200_000)
        try queue(&rig, to: 0.002, from: 2_000_000, until: 4_000_000)
        try queue(&rig, to: 0.001, from: 4_000_000, until: 4_400_000)
        // The reversal: DIR is planned at the second segment's start and the
        // step back one setup time later; the thread sleeps through both.
        let direction = try #require(rig.plan.directionChange).nanoseconds
        let back = try #require(rig.plan.risingEdges.first).nanoseconds
        #expect(direction == 4_000_000 && back == 4_200_000)
        try runThread(rig, stalls: [(direction - 10_000)..<(back + 50_000)])
        let times = lineTimes()
        #expect(times.rises == 3)
        #expect(chip.transitions(onLine: 1).map(\.high) == [true, false])
        #expect(times.directionSetups.count == 2)
        for setup in times.directionSetups { #expect(setup >= 200_000, "DIR set up for only \(setup) ns") }
        for hold in times.directionHolds { #expect(hold >= 0) }
        for width in times.pulseWidths { #expect(width >= 100_000) }
    }

    @Test func randomStallsNeverSqueezeAPulse() throws {
        // 20 kHz, 2 µs pulses, 1 µs DIR setup (the shipped boards), back and
        // forth at up to the full rate, with the thread stalling for up to
        // 300 µs at random: whatever is written keeps every minimum.
        var random = SplitMix64(seed: 10_4)
        var rig = try rig(widthNanoseconds: 2_000, rateHz: 20_000, setupNanoseconds: 1_000)
        var start: Int64 = 2_000_000
        var planned = 0
        for _ in 0..<60 {
            let target = rig.radians + Double(Int.random(in: -40...40, using: &random)) / 1_000
            planned += try queue(&rig, to: target, from: start, until: start + 1_000_000).count
            start += 1_000_000
        }
        var stalls: [Range<Int64>] = []
        var at: Int64 = 2_000_000
        while at < start {
            at += Int64.random(in: 100_000...2_000_000, using: &random)
            stalls.append(at..<(at + Int64.random(in: 1_000...300_000, using: &random)))
        }
        try runThread(rig, stalls: stalls)
        let times = lineTimes()
        #expect(times.rises == planned)
        #expect(times.pulseWidths.count == planned)
        #expect(times.pulseWidths.allSatisfy { $0 >= 2_000 })
        #expect(times.lowTimes.allSatisfy { $0 >= 2_000 })
        #expect(times.directionSetups.allSatisfy { $0 >= 1_000 })
        #expect(times.directionHolds.allSatisfy { $0 >= 0 })
        #expect(chip.outOfOrderWrites == 0)
    }

    @Test func enableChangesTakeEffectInOrderWithTheQueuedSteps() throws {
        let executor = try BusyWaitStepExecutor(clock: clock, maximumStepsPerPlan: 64, queueDepth: 16)
        let planner = try StepPlanner(
            microstepsPerRadian: 1_000, maxStepRateHz: 20_000, minPulseWidthNanoseconds: 2_000,
            directionSetupNanoseconds: 1_000, invertDirection: false)
        let driver = try StepperDriver(
            step: chip.requestOutput(line: 0, initialHigh: false, consumer: "step"),
            direction: chip.requestOutput(line: 1, initialHigh: false, consumer: "dir"),
            enable: chip.requestOutput(line: 2, initialHigh: true, consumer: "enable"),
            enableActiveLow: true, planner: planner, executor: executor)
        chip.clearTransitionLog()
        // As the stand does: enable at its first motion's tick, plan a period ahead,
        // and disable at the end of the last planned period.
        driver.enable(at: ns(1_000_000))
        try driver.move(toRadians: 0.005, from: ns(2_000_000), until: ns(3_000_000))
        driver.disable(at: ns(3_000_000))
        try executor.runQueued(until: ns(10_000_000)) { clock.set($0) }
        let steps = chip.transitions(onLine: 0)
        let enable = chip.transitions(onLine: 2)
        #expect(steps.filter(\.high).count == 5)
        #expect(enable.map(\.high) == [false, true])
        let (on, off) = (try #require(enable.first), try #require(enable.last))
        let (firstRise, lastFall) = (try #require(steps.first), try #require(steps.last))
        #expect(on.instant <= firstRise.instant)
        #expect(off.instant >= lastFall.instant, "ENABLE went off at \(off.instant), before the last step ended at \(lastFall.instant)")
    }

    @Test func aStepDueWithItsEnableWaitsTheEnableSetup() throws {
        // No DIR setup time, so only the ENABLE rule can hold the step back.
        let executor = try BusyWaitStepExecutor(clock: clock, maximumStepsPerPlan: 64, queueDepth: 16)
        let planner = try StepPlanner(
            microstepsPerRadian: 1_000, maxStepRateHz: 100_000, minPulseWidthNanoseconds: 2_000,
            directionSetupNanoseconds: 0, invertDirection: false)
        let driver = try StepperDriver(
            step: chip.requestOutput(line: 0, initialHigh: false, consumer: "step"),
            direction: chip.requestOutput(line: 1, initialHigh: false, consumer: "dir"),
            enable: SlowOutput(chip.requestOutput(line: 2, initialHigh: true, consumer: "enable"), clock: clock),
            enableActiveLow: true, planner: planner, executor: executor)
        chip.clearTransitionLog()
        // The first motion's tick: ENABLE at its deadline, the first step 10 µs
        // later. The step thread wakes 300 µs late and finds both due.
        driver.enable(at: ns(2_000_000))
        try driver.move(toRadians: 0.005, from: ns(2_000_000), until: ns(2_100_000))
        try executor.runQueued(until: ns(10_000_000)) { clock.set(max($0, ns(2_300_000))) }
        let on = try #require(chip.transitions(onLine: 2).first { !$0.high })
        let firstRise = try #require(chip.transitions(onLine: 0).first { $0.high })
        #expect(firstRise.instant.nanoseconds - on.instant.nanoseconds >= StepEnableTiming.setupNanoseconds,
                "ENABLE on at \(on.instant), the first step at \(firstRise.instant)")
        #expect(chip.transitions(onLine: 0).filter(\.high).count == 5)
        #expect(driver.lateFault == nil)
    }

    // MARK: Too late: dropped and latched, never squeezed

    @Test func aStepThatWouldStartTooLateIsDroppedWithItsPlanAndLatched() throws {
        var rig = try rig(widthNanoseconds: 1_000_000, rateHz: 500, setupNanoseconds: 5_000)
        #expect(rig.executor.latenessToleranceNanoseconds == 500_000)
        let rises = try queue(&rig, to: 0.004, from: 10_000_000, until: 30_000_000)
        let later = try queue(&rig, to: 0.006, from: 30_000_000, until: 40_000_000)
        #expect(rises.count == 4 && later.count == 2)
        // Asleep from before the second step until past its planned fall: the
        // old executor wrote that rise and its fall back to back.
        try runThread(rig, stalls: [(rises[1] - 10_000)..<(rises[1] + 1_200_000)])
        let times = lineTimes()
        #expect(times.rises == 1, "only the step before the stall goes out")
        #expect(times.pulseWidths.allSatisfy { $0 >= 1_000_000 })
        #expect(chip.outputLevel(line: 0) == false)
        let fault = try #require(rig.executor.lateFault(channel: rig.channel))
        #expect(fault.plannedInstant == ns(rises[1]))
        #expect(fault.latenessNanoseconds == 1_200_000)
        #expect(fault.toleranceNanoseconds == 500_000)
        // The rest of that plan and the plan after it: 3 + 2 steps never written.
        #expect(rig.executor.droppedMicrosteps(channel: rig.channel) == 5)
        #expect(rig.executor.droppedLatePlans == 2)
        #expect(rig.executor.executedPlans == 0)
        // Cleared, the channel writes again.
        rig.executor.clearLateFault(channel: rig.channel)
        #expect(rig.executor.lateFault(channel: rig.channel) == nil)
        rig.state.microsteps = 1
        rig.radians = 0.001
        try queue(&rig, to: 0.002, from: 50_000_000, until: 60_000_000)
        try runThread(rig, stalls: [])
        #expect(lineTimes().rises == 2)
        #expect(rig.executor.executedPlans == 1)
    }

    @Test func withinTheToleranceALateStepGoesOutWholeAndIsNotAFault() throws {
        var rig = try rig(widthNanoseconds: 2_000, rateHz: 20_000, setupNanoseconds: 1_000)
        let rises = try queue(&rig, to: 0.02, from: 2_000_000, until: 3_000_000)
        #expect(rises.count == 20)
        // 450 µs asleep: nine steps are due when it wakes; they follow at the minimums.
        try runThread(rig, stalls: [(rises[0] - 1_000)..<(rises[0] + 449_000)])
        let times = lineTimes()
        #expect(times.rises == 20)
        #expect(times.pulseWidths.allSatisfy { $0 >= 2_000 })
        #expect(times.lowTimes.allSatisfy { $0 >= 2_000 })
        #expect(rig.executor.lateFault(channel: rig.channel) == nil)
        #expect(rig.executor.droppedMicrosteps(channel: rig.channel) == 0)
        #expect(rig.executor.maximumLatenessNanoseconds >= 449_000)
    }

    @Test func theInstantExecutorDropsAPlanThatArrivesTooLate() throws {
        let stamped = try InMemoryGPIOChip(label: "mock", lineCount: 2, clock: clock)
        let executor = InstantStepExecutor(maximumStepsPerPlan: 64, clock: clock, latenessToleranceNanoseconds: 500_000)
        let channel = try executor.addChannel(
            step: stamped.requestOutput(line: 0, initialHigh: false, consumer: "step"),
            direction: stamped.requestOutput(line: 1, initialHigh: false, consumer: "dir"))
        stamped.clearTransitionLog()
        let planner = try StepPlanner(
            microstepsPerRadian: 1_000, maxStepRateHz: 20_000, minPulseWidthNanoseconds: 2_000,
            directionSetupNanoseconds: 1_000, invertDirection: false)
        let plan = StepPlan(capacity: 64)
        // Handed over 300 µs after its start: the overdue steps go out now, whole.
        clock.set(ns(2_300_000))
        try planner.plan(StepSegment(start: ns(2_000_000), end: ns(3_000_000), startRadians: 0, endRadians: 0.01), from: StepperState(microsteps: 0), into: plan)
        #expect(executor.execute(plan, channel: channel))
        var state = plan.endState
        #expect(executor.lateFault(channel: channel) == nil)
        let onTime = stamped.transitions(onLine: 0)
        #expect(onTime.count == 20)
        #expect(onTime.allSatisfy { $0.instant >= $0.writtenAt })
        #expect(pulseWidths(stamped, line: 0).allSatisfy { $0 >= 2_000 })
        // The next plan is handed over 1.6 ms after ITS start: dropped, latched.
        clock.set(ns(4_600_000))
        try planner.plan(StepSegment(start: ns(3_000_000), end: ns(4_000_000), startRadians: 0.01, endRadians: 0.02), from: state, into: plan)
        #expect(executor.execute(plan, channel: channel))
        state = plan.endState
        #expect(stamped.transitions(onLine: 0).count == 20)
        let fault = try #require(executor.lateFault(channel: channel))
        #expect(fault.latenessNanoseconds > 500_000)
        #expect(executor.droppedMicrosteps(channel: channel) == 10)
        // Latched: a plan on time is dropped too, until cleared.
        try planner.plan(StepSegment(start: ns(5_000_000), end: ns(6_000_000), startRadians: 0.02, endRadians: 0.01), from: state, into: plan)
        #expect(executor.execute(plan, channel: channel))
        #expect(executor.droppedMicrosteps(channel: channel) == 0)
        #expect(stamped.transitions(onLine: 0).count == 20)
        executor.clearLateFault(channel: channel)
        #expect(executor.lateFault(channel: channel) == nil)
    }

    @Test func theDriverCountsOnlyTheStepsTheMotorGotAndRestartsOnRebase() throws {
        let stamped = try InMemoryGPIOChip(label: "mock", lineCount: 2, clock: clock)
        let executor = InstantStepExecutor(maximumStepsPerPlan: 64, clock: clock, latenessToleranceNanoseconds: 500_000)
        let planner = try StepPlanner(
            microstepsPerRadian: 1_000, maxStepRateHz: 20_000, minPulseWidthNanoseconds: 2_000,
            directionSetupNanoseconds: 1_000, invertDirection: false)
        let driver = try StepperDriver(
            step: stamped.requestOutput(line: 0, initialHigh: false, consumer: "step"),
            direction: stamped.requestOutput(line: 1, initialHigh: false, consumer: "dir"),
            enable: nil, enableActiveLow: true, planner: planner, executor: executor)
        clock.set(ns(2_000_000))
        try driver.move(toRadians: 0.01, from: ns(2_000_000), until: ns(3_000_000))
        #expect(driver.lateFault == nil)
        // A move handed over 2 ms after it should have started: dropped.
        clock.set(ns(5_000_000))
        try driver.move(toRadians: 0.02, from: ns(3_000_000), until: ns(4_000_000))
        let fault = try #require(driver.lateFault)
        #expect(fault.latenessNanoseconds > 500_000)
        #expect(driver.commandedRadians == 0.01, "the count says what the motor got")
        // Faulted: moves follow the target and queue nothing.
        try driver.move(toRadians: 0.03, from: ns(5_000_000), until: ns(6_000_000))
        #expect(driver.commandedRadians == 0.01)
        #expect(driver.targetRadians == 0.03)
        #expect(risingEdges(stamped, line: 0).count == 10)
        // Re-based where the axis is, it steps again, DIR written afresh.
        try driver.rebase(toRadians: 0.01)
        #expect(driver.lateFault == nil)
        #expect(executor.lateFault(channel: 0) == nil)
        try driver.move(toRadians: 0.0, from: ns(6_000_000), until: ns(7_000_000))
        #expect(driver.lateFault == nil)
        #expect(driver.commandedRadians == 0)
        #expect(risingEdges(stamped, line: 0).count == 20)
        #expect(stamped.transitions(onLine: 1).map(\.high) == [false, true, false])
    }
}
