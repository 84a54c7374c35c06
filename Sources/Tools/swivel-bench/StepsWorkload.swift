import SwivelHardware
import SwivelPOSIX
import SwivelToolSupport

/// Step planning on long runs at a high step rate: segments of `segmentSteps`
/// microsteps at three quarters of the rate limit (so the limit never delays a
/// step and the figure is the straight-line computation), reversing every 50
/// segments (a DIR change and its setup time now and then).
struct StepsWorkload {
    /// 200 kHz: ten times the simulated boards' steppers, the most a Pi's busy-wait executor could emit.
    static let maxStepRateHz = 200_000.0
    static let segmentSteps = 4_000
    static let segmentsPerDirection = 50
    /// Twice a segment: room for a carried backlog, so no plan ever overflows.
    static let planCapacity = 2 * segmentSteps
    /// The simulated yaw axis: 200 steps × 16 microsteps × 3:1 belt per turn.
    static let microstepsPerRadian = 200.0 * 16 * 3 / (2 * Double.pi)

    let planner: StepPlanner
    let segmentNanoseconds: Int64

    init() throws(ToolFailure) {
        do throws(HardwareError) {
            planner = try StepPlanner(
                microstepsPerRadian: Self.microstepsPerRadian, maxStepRateHz: Self.maxStepRateHz,
                minPulseWidthNanoseconds: 1_000, directionSetupNanoseconds: 1_000, invertDirection: false)
        } catch {
            throw ToolFailure("step planner: \(error)")
        }
        segmentNanoseconds = Int64((Double(Self.segmentSteps) / (0.75 * Self.maxStepRateHz) * 1e9).rounded())
    }

    struct Outcome {
        var stepsPerSecond: Double
        var steps: Int
        /// Steps the planner held back or carried: nonzero means the run was not the straight line intended.
        var delayedOrCarried: Int
    }

    /// The segment of index `index`: its start and end in radians and time.
    private func segment(_ index: Int) -> StepSegment {
        // Closed form of "advance, reversing every 50 segments": a triangle wave.
        let period = 2 * Self.segmentsPerDirection
        let phase = index % period
        let position = phase <= Self.segmentsPerDirection ? phase : period - phase
        let direction = phase < Self.segmentsPerDirection ? 1 : -1
        let startMicrosteps = Double(position * Self.segmentSteps)
        let endMicrosteps = startMicrosteps + Double(direction * Self.segmentSteps)
        let start = MonotonicInstant(nanoseconds: 1_000_000_000 + Int64(index) * segmentNanoseconds)
        return StepSegment(
            start: start, end: start.advanced(byNanoseconds: segmentNanoseconds),
            startRadians: startMicrosteps / Self.microstepsPerRadian, endRadians: endMicrosteps / Self.microstepsPerRadian)
    }

    /// `StepPlanner.plan` alone, into one reused plan.
    func planOnly(steps: Int) throws(ToolFailure) -> Outcome {
        let plan = StepPlan(capacity: Self.planCapacity)
        var state = StepperState(microsteps: 0)
        let segments = max(1, steps / Self.segmentSteps)
        var planned = 0
        var held = 0
        var checksum = 0.0
        let started = MonotonicTime.nanoseconds()
        for index in 0..<segments {
            do throws(MotionInputError) {
                try planner.plan(segment(index), from: state, into: plan)
            } catch {
                throw ToolFailure("planning segment \(index): \(error)")
            }
            planned += plan.stepCount
            held += plan.delayedSteps + plan.carriedSteps
            if let last = plan.risingEdges.last { checksum += Double(last.nanoseconds) }
            state = plan.endState
        }
        let elapsed = MonotonicTime.nanoseconds() - started
        blackHole(checksum)
        return Outcome(stepsPerSecond: Double(planned) / (Double(elapsed) / 1e9), steps: planned, delayedOrCarried: held)
    }

    /// `StepperDriver.move`: planning, then the instant executor writing every
    /// STEP edge and DIR change to an in-memory chip that logs nothing.
    func driverToMockChip(steps: Int) throws(ToolFailure) -> Outcome {
        let clock = ManualClock(startingAt: MonotonicInstant(nanoseconds: 1_000_000_000))
        let chip: InMemoryGPIOChip
        let driver: StepperDriver
        do throws(HardwareError) {
            chip = try InMemoryGPIOChip(label: "bench", lineCount: 2, clock: clock, transitionLogCapacity: 0)
            let step = try chip.requestOutput(line: 0, initialHigh: false, consumer: "bench-step")
            let direction = try chip.requestOutput(line: 1, initialHigh: false, consumer: "bench-dir")
            driver = try StepperDriver(
                step: step, direction: direction, enable: nil, enableActiveLow: false, planner: planner,
                executor: InstantStepExecutor(maximumStepsPerPlan: Self.planCapacity))
        } catch {
            throw ToolFailure("stepper driver on an in-memory chip: \(error)")
        }
        let segments = max(1, steps / Self.segmentSteps)
        let writesBefore = chip.writeCount(line: 0)
        let started = MonotonicTime.nanoseconds()
        for index in 0..<segments {
            let next = segment(index)
            do throws(MotionInputError) {
                try driver.move(toRadians: next.endRadians, from: next.start, until: next.end)
            } catch {
                throw ToolFailure("moving segment \(index): \(error)")
            }
        }
        let elapsed = MonotonicTime.nanoseconds() - started
        let emitted = (chip.writeCount(line: 0) - writesBefore) / 2
        return Outcome(
            stepsPerSecond: Double(emitted) / (Double(elapsed) / 1e9), steps: emitted,
            delayedOrCarried: Int(driver.rateLimitedSteps) + driver.backlogSteps)
    }
}
