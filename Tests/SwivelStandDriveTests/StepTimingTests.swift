import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelStandHarness
import Testing
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelSimBackend
@testable import SwivelStand

/// Step timing through the whole runtime in virtual time, checked at the mock
/// chip's lines: ticks that wake late or skip deadlines, and a step thread
/// (the hardware executor on lines that take effect when written) that runs late.
@Suite struct StepTimingTests {
    // sim.json5: yaw STEP 17, DIR 27, ENABLE 22; pitch STEP 23, DIR 24, ENABLE 25.
    static let yawStep = 17, yawDirection = 27, yawEnable = 22
    static let pitchStep = 23, pitchDirection = 24
    static let yawMicrostepsPerRadian = 200.0 * 16 * 3 / (2 * Double.pi)

    func board() throws -> Board { try BoardFixtures.load("sim.json5") }

    /// High times, low times and DIR setups on one STEP/DIR pair, from the recorded transitions.
    struct LineTimes {
        var pulseWidths: [Int64] = []
        var lowTimes: [Int64] = []
        var directionSetups: [Int64] = []
        var directionChangesWhileHigh = 0
        var rises = 0
        var directionLevels: [Bool] = []
    }

    static func lineTimes(_ chip: InMemoryGPIOChip, step: Int, direction: Int) -> LineTimes {
        var times = LineTimes()
        var lastRise: Int64?, lastFall: Int64?, lastDirection: Int64?
        var high = false
        for transition in chip.allTransitions() where transition.line == step || transition.line == direction {
            let t = transition.instant.nanoseconds
            if transition.line == direction {
                if high { times.directionChangesWhileHigh += 1 }
                lastDirection = t
                times.directionLevels.append(transition.high)
            } else if transition.high {
                if let lastFall { times.lowTimes.append(t - lastFall) }
                if let lastDirection { times.directionSetups.append(t - lastDirection) }
                lastDirection = nil
                lastRise = t
                high = true
                times.rises += 1
            } else {
                if let lastRise { times.pulseWidths.append(t - lastRise) }
                lastFall = t
                high = false
            }
        }
        return times
    }

    /// Back and forth on yaw and pitch at their caps, reversing every 0.3 s.
    func sweep(_ sim: VirtualStand, seconds: Double, between: (Int) -> Void = { _ in }) throws {
        var tick = 0
        for leg in 0..<Int(seconds / 0.3) {
            let sign = leg % 2 == 0 ? 1.0 : -1.0
            _ = try sim.send(.setAngularVelocity(Vector3(pitch: -1.5 * sign, yaw: 2.5 * sign, roll: 0)))
            for _ in 0..<299 {
                between(tick)
                sim.tick()
                tick += 1
            }
        }
    }

    // MARK: Late and skipped ticks

    @Test func skippedDeadlinesDelayTheMotionInsteadOfMakingItJump() throws {
        func run(skipping: Bool) throws -> (commanded: [Double], sim: VirtualStand) {
            let sim = try VirtualStand(board: board())
            sim.run(seconds: 0.02)
            _ = try sim.send(.setOrientation(.angles(Vector3(pitch: 0, yaw: 1, roll: 0)), durationSeconds: 0.8, relative: false))
            var commanded: [Double] = []
            for tick in 0..<1_200 {
                // Overruns: one to three deadlines lost, every 7 ticks.
                if skipping, tick % 7 == 3 { sim.skipDeadlines(1 + tick % 3) }
                sim.tick()
                commanded.append(sim.stand.status().commanded.yaw.position)
            }
            return (commanded, sim)
        }
        let steady = try run(skipping: false)
        let skipped = try run(skipping: true)
        // The stand's motion time counts ticks, so the controller sees the same
        // tick sequence either way and commands the same path, tick for tick.
        #expect(skipped.commanded == steady.commanded)
        #expect(skipped.sim.stand.status().time == steady.sim.stand.status().time)
        #expect(skipped.sim.stand.status().lastRequest?.state == .finished)
        let peak = try #require(skipped.commanded.max())
        #expect(peak <= 1 + 1e-12, "commanded \(peak) rad past the 1 rad target")
        // At the lines: one direction all the way, and exactly the target's steps.
        let times = Self.lineTimes(skipped.sim.simulation.chip, step: Self.yawStep, direction: Self.yawDirection)
        #expect(times.directionLevels.count <= 2)
        #expect(Set(times.directionLevels.dropFirst()).count <= 1)
        #expect(times.rises == Int((1 * Self.yawMicrostepsPerRadian).rounded()))
        #expect(times.pulseWidths.allSatisfy { $0 >= 2_000 })
        #expect(skipped.sim.stand.status().fault == nil)
        let arrived = try #require(skipped.sim.simulation.model.fieldRadians(axis: .yaw))
        #expect(abs(arrived - 1) < 0.002)
    }

    @Test func afterASkippedDeadlineTheStepsContinueWithoutAPause() throws {
        let sim = try VirtualStand(board: board())
        _ = try sim.send(.setOrientation(.angles(Vector3(pitch: 0, yaw: 1, roll: 0)), durationSeconds: 0.8, relative: false))
        for tick in 0..<900 {
            if tick % 10 == 5 { sim.skipDeadlines(1) }
            sim.tick()
        }
        #expect(sim.stand.status().lastRequest?.state == .finished)
        // The middle of the move, where it cruises: the period after each
        // skipped deadline spreads one period of motion over two, so a step
        // interval at most doubles there; planning the late tick's steps a lead
        // ahead of it would leave a period with no step at all.
        let rises = sim.simulation.chip.transitions(onLine: Self.yawStep).filter(\.high).map(\.instant.nanoseconds)
        #expect(rises.count == 1_528)
        let cruise = rises[(rises.count * 3 / 10)..<(rises.count * 7 / 10)]
        let intervals = zip(cruise, cruise.dropFirst()).map { $1 - $0 }
        let typical = intervals.sorted()[intervals.count / 2]
        let longest = try #require(intervals.max())
        #expect(Double(longest) <= 2.2 * Double(typical), "a \(longest) ns pause where steps come every \(typical) ns")
    }

    @Test func aTickThatWakesLateNeverStampsAnEdgeBeforeItIsWritten() throws {
        let sim = try VirtualStand(board: board())
        try sweep(sim, seconds: 0.9) { tick in
            // Late wake-ups, within and past the one period the steps are
            // planned ahead, but within the half period tolerated past it.
            if tick % 50 == 25 {
                sim.tick(wakingLateBy: Int64(tick % 150 == 25 ? 400_000 : (tick % 150 == 75 ? 1_300_000 : 1_450_000)))
                sim.skipDeadlines(tick % 150 == 125 ? 1 : 0)
            }
        }
        #expect(sim.stand.status().fault == nil)
        let chip = sim.simulation.chip
        for line in [Self.yawStep, Self.yawDirection, Self.pitchStep, Self.pitchDirection] {
            for transition in chip.transitions(onLine: line) {
                #expect(transition.instant >= transition.writtenAt, "\(transition) written at \(transition.writtenAt)")
            }
        }
        for (step, direction) in [(Self.yawStep, Self.yawDirection), (Self.pitchStep, Self.pitchDirection)] {
            let times = Self.lineTimes(chip, step: step, direction: direction)
            #expect(times.pulseWidths.allSatisfy { $0 >= 2_000 })
            #expect(times.lowTimes.allSatisfy { $0 >= 2_000 })
            #expect(times.directionSetups.allSatisfy { $0 >= 1_000 })
            #expect(times.directionChangesWhileHigh == 0)
        }
    }

    // MARK: A late step thread

    /// A step thread that stalls for `stall` ns at the start of every `every` ns.
    static func stalling(_ stall: Int64, every: Int64) -> VirtualStand.StepThread {
        VirtualStand.StepThread { instant in
            let phase = instant.nanoseconds % every
            return phase < stall ? stall - phase : 0
        }
    }

    @Test func aLateStepThreadKeepsEveryPulseWholeAtTheLines() throws {
        let sim = try VirtualStand(board: board(), stepThread: Self.stalling(150_000, every: 7_000_000))
        try sweep(sim, seconds: 1.2)
        let chip = sim.simulation.chip
        #expect(chip.writeTiming == .immediate)
        for (step, direction) in [(Self.yawStep, Self.yawDirection), (Self.pitchStep, Self.pitchDirection)] {
            let times = Self.lineTimes(chip, step: step, direction: direction)
            #expect(times.rises > 1_000)
            #expect(times.pulseWidths.allSatisfy { $0 >= 2_000 }, "shortest pulse \(times.pulseWidths.min() ?? 0) ns")
            #expect(times.lowTimes.allSatisfy { $0 >= 2_000 }, "shortest low \(times.lowTimes.min() ?? 0) ns")
            #expect(times.directionSetups.allSatisfy { $0 >= 1_000 })
            #expect(times.directionChangesWhileHigh == 0)
            #expect(times.directionLevels.count >= 4)
        }
        // 150 µs late is within what the stand tolerates: no fault, no lost step.
        #expect(sim.stand.status().fault == nil)
        #expect(chip.outOfOrderWrites == 0)
    }

    @Test func theDisableAtAHaltComesAfterTheLastStepOnRealLines() throws {
        let sim = try VirtualStand(board: board(), stepThread: VirtualStand.StepThread())
        // A move whose last microstep (the crossing of 763.5) is planned in its
        // second-to-last tick; a halt at the next tick finds the axis at rest and
        // disables it while that step is still queued.
        let boundary = 763.5 / Self.yawMicrostepsPerRadian
        let target = (763.5 + 3e-5) / Self.yawMicrostepsPerRadian
        _ = try sim.send(.setOrientation(.angles(Vector3(pitch: 0, yaw: target, roll: 0)), durationSeconds: 0.5, relative: false))
        #expect(sim.run(until: { $0.commanded.yaw.position > boundary }, timeoutSeconds: 1))
        sim.stand.requestHalt()
        let halt = sim.deadline
        sim.tick()
        #expect(sim.stand.status().halted)
        sim.run(seconds: 0.01)
        let chip = sim.simulation.chip
        let steps = chip.transitions(onLine: Self.yawStep)
        #expect(steps.filter(\.high).count == 764)
        let lastStep = try #require(steps.last)
        #expect(lastStep.instant > halt)
        let disable = try #require(chip.transitions(onLine: Self.yawEnable).last)
        #expect(disable.high)  // active low: off
        #expect(disable.instant >= lastStep.instant, "ENABLE off at \(disable.instant), the last step at \(lastStep.instant)")
    }

    // MARK: Too late: a fault, not a squeeze

    @Test func aPlanTooLateToRunIsDroppedAndReportedAsAFault() throws {
        let sim = try VirtualStand(board: board())
        _ = try sim.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 1, roll: 0)))
        sim.run(seconds: 0.2)
        let before = Self.lineTimes(sim.simulation.chip, step: Self.yawStep, direction: Self.yawDirection).rises
        // 2.5 ms late: this tick's steps were planned for 1-2 ms after its
        // deadline, so the first is 1.5 ms overdue, past the 0.5 ms tolerance.
        sim.tick(wakingLateBy: 2_500_000)
        sim.skipDeadlines(2)
        #expect(sim.run(until: { $0.fault != nil }, timeoutSeconds: 0.01))
        let status = sim.stand.status()
        guard case .motor(.yaw, .stepsTooLate(let lateness))? = status.fault else {
            Issue.record("expected yaw's steps to be reported too late, got \(String(describing: status.fault))")
            return
        }
        #expect(lateness > 0.0005 && lateness <= 0.0015 + 1e-9)
        #expect(LinkHub.wireFault(status.fault) == .motorFault)
        #expect(StatusLine.describe(status).contains("steps could not be written in time"))
        // Nothing was squeezed in: the steps planned for that late tick never went out.
        let chip = sim.simulation.chip
        let after = Self.lineTimes(chip, step: Self.yawStep, direction: Self.yawDirection)
        #expect(after.rises - before <= 1)
        for transition in chip.transitions(onLine: Self.yawStep) {
            #expect(transition.instant >= transition.writtenAt)
        }
        // Motion is refused, saying why; the stand stops and releases the drivers.
        #expect(throws: SwivelError(.motorFault, .stepsTooLateFault, axis: .yaw, value: lateness)) {
            try sim.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 0.5, roll: 0)))
        }
        #expect(sim.run(until: \.faultDisabled, timeoutSeconds: 1))
        sim.run(seconds: 0.01)
        #expect(sim.simulation.model.isDriven(axis: .yaw) == false)
        // Cleared, the axis steps again from where it is.
        _ = try sim.send(.clearFault)
        #expect(sim.run(until: { $0.fault == nil }, timeoutSeconds: 0.5))
        let resumed = Self.lineTimes(chip, step: Self.yawStep, direction: Self.yawDirection).rises
        _ = try sim.send(.setAngularVelocity(Vector3(pitch: 0, yaw: -1, roll: 0)))
        sim.run(seconds: 0.2)
        #expect(sim.stand.status().fault == nil)
        #expect(Self.lineTimes(chip, step: Self.yawStep, direction: Self.yawDirection).rises - resumed > 100)
    }

    @Test func aStepThreadThatStallsTooLongIsAFault() throws {
        // One 2 ms stall, 0.3 s in.
        let stall = MonotonicInstant(nanoseconds: 1_300_000_000)..<MonotonicInstant(nanoseconds: 1_302_000_000)
        let sim = try VirtualStand(board: board(), stepThread: VirtualStand.StepThread { instant in
            stall.contains(instant) ? stall.upperBound.nanoseconds(since: instant) : 0
        })
        _ = try sim.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 2, roll: 0)))
        #expect(sim.run(until: { $0.fault != nil }, timeoutSeconds: 0.5))
        guard case .motor(.yaw, .stepsTooLate(let lateness))? = sim.stand.status().fault else {
            Issue.record("expected yaw's steps to be reported too late, got \(String(describing: sim.stand.status().fault))")
            return
        }
        #expect(lateness > 0.0005 && lateness <= 0.002)
        let times = Self.lineTimes(sim.simulation.chip, step: Self.yawStep, direction: Self.yawDirection)
        #expect(times.pulseWidths.allSatisfy { $0 >= 2_000 })
        #expect(times.lowTimes.allSatisfy { $0 >= 2_000 })
        #expect(sim.stepExecutor?.droppedLatePlans ?? 0 >= 1)
    }
}
