#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SwivelHardware
import SwivelTestSupport
import Testing

/// The hardware executor runs in real time against the mock chip on the
/// system clock. Only ordering and "never before its instant" are asserted:
/// how late a write is depends on the machine.
@Suite(.serialized) struct BusyWaitStepExecutorTests {
    let clock = SystemMonotonicClock()

    func planner(setup: Int64 = 5_000) throws -> StepPlanner {
        try StepPlanner(
            microstepsPerRadian: 1_000, maxStepRateHz: 20_000, minPulseWidthNanoseconds: 5_000,
            directionSetupNanoseconds: setup, invertDirection: false)
    }

    /// Waits (sleeping, never asserting on time) until the executor has written `plans` plans.
    func waitFor(_ executor: BusyWaitStepExecutor, plans: UInt64) {
        for _ in 0..<10_000 where executor.executedPlans < plans {
            usleep(1_000)
        }
    }

    @Test func writesEveryEdgeInOrderAndNeverEarly() throws {
        let chip = try InMemoryGPIOChip(label: "mock", lineCount: 4, clock: clock)
        // How late the real thread wakes is the machine's load: the lateness
        // rule is checked in virtual time (LateStepThreadTests), not here.
        let executor = try BusyWaitStepExecutor(
            clock: clock, maximumStepsPerPlan: 64, queueDepth: 8, latenessToleranceNanoseconds: StepLateness.unlimitedNanoseconds)
        let pan = try executor.addChannel(
            step: chip.requestOutput(line: 0, initialHigh: false, consumer: "pan step"),
            direction: chip.requestOutput(line: 1, initialHigh: false, consumer: "pan dir"))
        let tilt = try executor.addChannel(
            step: chip.requestOutput(line: 2, initialHigh: false, consumer: "tilt step"),
            direction: chip.requestOutput(line: 3, initialHigh: false, consumer: "tilt dir"))
        chip.clearTransitionLog()
        let planner = try planner()
        let plan = StepPlan(capacity: 64)
        var panState = StepperState(microsteps: 0)
        var tiltState = StepperState(microsteps: 0)
        let origin = clock.now().nanoseconds + 5_000_000
        var submitted: UInt64 = 0
        var expectedRises = [0: 0, 2: 0]
        // Four 2 ms ticks; pan goes up then back, tilt goes down, interleaved in time.
        for (tick, (panTarget, tiltTarget)) in [(0.004, -0.003), (0.008, -0.006), (0.005, -0.009), (0.001, -0.01)].enumerated() {
            let start = ns(origin + Int64(tick) * 2_000_000)
            let end = start.advanced(byNanoseconds: 2_000_000)
            let panFrom = tick == 0 ? 0 : [0.004, 0.008, 0.005][tick - 1]
            let tiltFrom = tick == 0 ? 0 : [-0.003, -0.006, -0.009][tick - 1]
            try planner.plan(StepSegment(start: start, end: end, startRadians: panFrom, endRadians: panTarget), from: panState, into: plan)
            #expect(executor.execute(plan, channel: pan))
            panState = plan.endState
            expectedRises[0, default: 0] += plan.stepCount
            submitted += 1
            try planner.plan(StepSegment(start: start, end: end, startRadians: tiltFrom, endRadians: tiltTarget), from: tiltState, into: plan)
            #expect(executor.execute(plan, channel: tilt))
            tiltState = plan.endState
            expectedRises[2, default: 0] += plan.stepCount
            submitted += 1
        }
        try executor.start()
        waitFor(executor, plans: submitted)
        executor.stop()

        #expect(executor.executedPlans == submitted)
        #expect(executor.rejectedPlans == 0)
        let log = chip.allTransitions()
        #expect(risingEdges(chip, line: 0).count == expectedRises[0])
        #expect(risingEdges(chip, line: 2).count == expectedRises[2])
        #expect(expectedRises[0] == 15 && expectedRises[2] == 10)
        for transition in log {
            #expect(transition.writtenAt >= transition.instant, "\(transition) written at \(transition.writtenAt)")
        }
        // One thread, earliest due edge first: the writes come in one sequence,
        // each line's in planned order. (Across lines an edge held back by a
        // minimum time, after a late write, may follow another line's edge
        // planned later than it.)
        for line in 0..<4 {
            let writes = chip.transitions(onLine: line)
            #expect(zip(writes, writes.dropFirst()).allSatisfy { $0.instant <= $1.instant })
        }
        #expect(zip(log, log.dropFirst()).allSatisfy { $0.writtenAt <= $1.writtenAt })
        // Pan reverses in the third tick: DIR falls after the last rising pulse has ended.
        let panDirection = chip.transitions(onLine: 1).map(\.high)
        #expect(panDirection == [true, false])
        #expect(pulseWidths(chip, line: 0).allSatisfy { $0 == 5_000 })
        // However late the thread ran, each pulse was held high for its width
        // from the moment its rising edge was written.
        for line in [0, 2] {
            #expect(writtenPulseWidths(chip, line: line).allSatisfy { $0 >= 5_000 })
        }
        #expect(chip.outOfOrderWrites == 0)
    }

    @Test func aFullQueueRefusesWithoutBlocking() throws {
        let chip = try InMemoryGPIOChip(label: "mock", lineCount: 2, clock: clock)
        let executor = try BusyWaitStepExecutor(clock: clock, maximumStepsPerPlan: 8, queueDepth: 2)
        let channel = try executor.addChannel(
            step: chip.requestOutput(line: 0, initialHigh: false, consumer: "step"),
            direction: chip.requestOutput(line: 1, initialHigh: false, consumer: "dir"))
        let planner = try planner()
        let plan = StepPlan(capacity: 8)
        var state = StepperState(microsteps: 0)
        let far = clock.now().nanoseconds + 3_600_000_000_000
        for tick in 0..<3 {
            let start = ns(far + Int64(tick) * 1_000_000)
            try planner.plan(StepSegment(start: start, end: start.advanced(byNanoseconds: 1_000_000), startRadians: Double(tick) * 0.002, endRadians: Double(tick + 1) * 0.002), from: state, into: plan)
            let accepted = executor.execute(plan, channel: channel)
            #expect(accepted == (tick < 2))
            if accepted { state = plan.endState }
        }
        #expect(executor.rejectedPlans == 1)
        #expect(executor.pendingPlans == 2)
        #expect(executor.execute(plan, channel: 7) == false)
        #expect(executor.rejectedPlans == 2)
        // Started and stopped long before those instants: nothing written, the queue discarded.
        try executor.start()
        #expect(throws: HardwareError.self) { try executor.start() }
        #expect(throws: HardwareError.self) { try executor.addChannel(step: chip.requestOutput(line: 0, initialHigh: false, consumer: "x"), direction: chip.requestOutput(line: 1, initialHigh: false, consumer: "y")) }
        executor.stop()
        #expect(executor.discardedPlans == 2)
        #expect(executor.pendingPlans == 0)
        #expect(risingEdges(chip, line: 0).isEmpty)
    }

    /// The executor THREAD (not `runQueued`) meeting plans already too late:
    /// the first is dropped and latches the fault, the next is dropped whole
    /// on the latched channel. That second drop used to trap computing how
    /// long to sleep before its edges (due at `.min`), so on a loaded Pi the
    /// tick after a late step killed swiveld (found in the QEMU guest).
    @Test func theThreadDropsAPlanThatIsAlreadyTooLateAndKeepsRunning() throws {
        let chip = try InMemoryGPIOChip(label: "mock", lineCount: 2, clock: clock)
        let executor = try BusyWaitStepExecutor(clock: clock, maximumStepsPerPlan: 8, queueDepth: 4)
        let channel = try executor.addChannel(
            step: chip.requestOutput(line: 0, initialHigh: false, consumer: "step"),
            direction: chip.requestOutput(line: 1, initialHigh: false, consumer: "dir"))
        let plan = StepPlan(capacity: 8)
        let next = StepPlan(capacity: 8)
        // Planned a whole second ago: far past the 500 µs tolerance; the next
        // tick's plan follows it.
        let start = ns(clock.now().nanoseconds - 1_000_000_000)
        try planner().plan(StepSegment(start: start, end: start.advanced(byNanoseconds: 1_000_000), startRadians: 0, endRadians: 0.004),
                           from: StepperState(microsteps: 0), into: plan)
        try planner().plan(StepSegment(start: start.advanced(byNanoseconds: 1_000_000), end: start.advanced(byNanoseconds: 2_000_000),
                                       startRadians: 0.004, endRadians: 0.008),
                           from: plan.endState, into: next)
        #expect(executor.execute(plan, channel: channel))
        #expect(executor.execute(next, channel: channel))
        try executor.start()
        for _ in 0..<10_000 where executor.droppedLatePlans < 2 { usleep(1_000) }
        #expect(executor.isRunning)
        executor.stop()
        #expect(executor.droppedLatePlans == 2)
        #expect(executor.lateFault(channel: channel) != nil)
        #expect(risingEdges(chip, line: 0).isEmpty, "a dropped step is never written")
    }

    @Test func sleepingBeforeASpinSaturates() {
        let window: Int64 = 200_000
        #expect(BusyWaitCore.sleepBeforeSpin(earliest: .min, now: 5_000, spinWindow: window) == nil)
        #expect(BusyWaitCore.sleepBeforeSpin(earliest: 5_000, now: 5_000, spinWindow: window) == nil)
        #expect(BusyWaitCore.sleepBeforeSpin(earliest: 5_000 + window, now: 5_000, spinWindow: window) == nil)
        #expect(BusyWaitCore.sleepBeforeSpin(earliest: 5_000 + window + 7, now: 5_000, spinWindow: window) == 7)
        #expect(BusyWaitCore.sleepBeforeSpin(earliest: .max, now: -5_000, spinWindow: window) == window)
        #expect(BusyWaitCore.sleepBeforeSpin(earliest: 1_000_000, now: 0, spinWindow: 0) == nil)
    }

    @Test func stoppingNeverLosesAnEnableChange() throws {
        let chip = try InMemoryGPIOChip(label: "mock", lineCount: 3, clock: clock)
        let executor = try BusyWaitStepExecutor(clock: clock, maximumStepsPerPlan: 8, queueDepth: 2)
        let channel = try executor.addChannel(
            step: chip.requestOutput(line: 0, initialHigh: false, consumer: "step"),
            direction: chip.requestOutput(line: 1, initialHigh: false, consumer: "dir"),
            enable: chip.requestOutput(line: 2, initialHigh: true, consumer: "enable"), enableActiveLow: true)
        try executor.start()
        // Queued for an hour from now, behind nothing: the thread would wait for it.
        let far = clock.now().advanced(byNanoseconds: 3_600_000_000_000)
        #expect(executor.setEnabled(true, at: far, channel: channel))
        #expect(executor.setEnabled(false, at: far, channel: channel))
        #expect(chip.transitions(onLine: 2).map(\.high) == [true])
        // Stopped, the plans would be dropped, but the ENABLE changes go out, in order.
        executor.stop()
        #expect(chip.transitions(onLine: 2).map(\.high) == [true, false, true])
        // With no thread left to order with, a change is written at once.
        #expect(executor.setEnabled(true, at: clock.now(), channel: channel))
        #expect(chip.outputLevel(line: 2) == false)
        #expect(executor.setEnabled(true, at: clock.now(), channel: 7) == false)
    }
}
