import SwivelHardware
import SwivelTestSupport
import Testing

/// Chains of random segments (ramps, holds, reversals, jumps, zero-length
/// segments) checked against the planner's contract, independently of how the
/// planner computes: every step is taken at the instant the commanded position
/// crosses its midpoint, unless a constraint forces it later, and then exactly
/// at that constraint; nothing is lost.
@Suite struct StepPlannerPropertyTests {
    struct Checker {
        let planner: StepPlanner
        var lastRising: Int64?
        var failures: [String] = []
        /// What the chain exercised, so the test cannot pass vacuously.
        var steps = 0
        var directionChanges = 0
        var delayedSteps = 0
        var carryOvers = 0

        mutating func fail(_ message: String) { if failures.count < 10 { failures.append(message) } }

        /// The commanded position in microsteps at `t` along `segment`.
        static func position(_ planner: StepPlanner, _ segment: StepSegment, at t: Int64) -> Double {
            let p0 = segment.startRadians * planner.microstepsPerRadian
            let p1 = segment.endRadians * planner.microstepsPerRadian
            let duration = Double(segment.end.nanoseconds - segment.start.nanoseconds)
            guard duration > 0 else { return p1 }
            let fraction = Double(t - segment.start.nanoseconds) / duration
            return p0 + (p1 - p0) * min(max(fraction, 0), 1)
        }

        mutating func check(_ segment: StepSegment, state: StepperState, plan: StepPlan) {
            let start = segment.start.nanoseconds
            let end = segment.end.nanoseconds
            let p0 = segment.startRadians * planner.microstepsPerRadian
            let p1 = segment.endRadians * planner.microstepsPerRadian
            let target = Int64((p1 + 0.5).rounded(.down))
            let duration = Double(end - start)
            // One nanosecond of rounding moves the command by at most this much.
            let slack = (duration > 0 ? abs(p1 - p0) / duration : 0) + 1e-9
            let step: Int64 = plan.direction == .positive ? 1 : -1

            // Conservation: emitted plus owed reaches the rounded target.
            if plan.endState.microsteps + step * Int64(plan.carriedSteps) != target {
                fail("steps emitted \(plan.endState.microsteps) + owed \(plan.carriedSteps) != target \(target)")
            }
            if plan.endState.microsteps - state.microsteps != step * Int64(plan.stepCount) {
                fail("microstep count moved by \(plan.endState.microsteps - state.microsteps) for \(plan.stepCount) steps")
            }

            var setupUntil = state.lastDirectionChange.nanoseconds + planner.directionSetupNanoseconds
            if let change = plan.directionChange?.nanoseconds {
                if change < state.previousPulseEnd.nanoseconds { fail("DIR changed at \(change) before the pulse ended at \(state.previousPulseEnd)") }
                if change < start || change > end { fail("DIR change \(change) outside [\(start), \(end)]") }
                if state.direction == plan.direction { fail("DIR rewritten without a direction change") }
                setupUntil = change + planner.directionSetupNanoseconds
            } else if plan.stepCount > 0 && state.direction != plan.direction {
                fail("stepped \(plan.direction) without setting DIR from \(String(describing: state.direction))")
            }
            if plan.directionLevel != ((plan.direction == .positive) != planner.invertDirection) {
                fail("DIR level does not match the direction")
            }

            var microsteps = state.microsteps
            var delayed = 0
            let planner = self.planner
            for rising in plan.risingEdges.map(\.nanoseconds) {
                if rising < start || rising > end { fail("step at \(rising) outside [\(start), \(end)]") }
                var constraint = max(start, setupUntil)
                if let last = lastRising {
                    if rising - last < planner.minimumStepIntervalNanoseconds { fail("steps \(last) and \(rising) closer than \(planner.minimumStepIntervalNanoseconds) ns") }
                    constraint = max(constraint, last + planner.minimumStepIntervalNanoseconds)
                }
                if rising < constraint { fail("step at \(rising) before its constraint \(constraint)") }
                let threshold = Double(microsteps) + 0.5 * Double(step)
                // How far past the midpoint the command is at t, in the step's direction.
                let past = { (t: Int64) -> Double in
                    (Self.position(planner, segment, at: t) - threshold) * Double(step)
                }
                if past(rising) < -slack { fail("step \(microsteps)→\(microsteps + step) at \(rising) before the command crossed \(threshold)") }
                let crossedEarlier = rising > start && past(rising - 1) > slack
                if rising != constraint && crossedEarlier { fail("step at \(rising) later than both its crossing and its constraint \(constraint)") }
                if rising == constraint && crossedEarlier { delayed += 1 }
                microsteps += step
                lastRising = rising
            }
            steps += plan.stepCount
            if plan.directionChange != nil { directionChanges += 1 }
            delayedSteps += plan.delayedSteps
            if plan.carriedSteps > 0 { carryOvers += 1 }
            if plan.delayedSteps < delayed { fail("\(delayed) steps were held back but only \(plan.delayedSteps) reported") }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomSegmentChainsKeepTheContract(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let planner = try StepPlanner(
            microstepsPerRadian: Double.random(in: 50...5_000, using: &random),
            maxStepRateHz: Double.random(in: 2_000...200_000, using: &random),
            minPulseWidthNanoseconds: Int64.random(in: 1_000...2_500, using: &random),
            directionSetupNanoseconds: Int64.random(in: 0...50_000, using: &random),
            invertDirection: Bool.random(using: &random))
        let plan = StepPlan(capacity: Int.random(in: 4...256, using: &random))
        var checker = Checker(planner: planner)
        var state = StepperState(microsteps: 0)
        var time: Int64 = Int64.random(in: 0...1_000_000_000, using: &random)
        var radians = 0.0
        for _ in 0..<400 {
            let duration = Int64.random(in: 0...3, using: &random) == 0 ? 0 : Int64.random(in: 1...2_000_000, using: &random)
            var next = radians + Double.random(in: -0.05...0.05, using: &random)
            if Int.random(in: 0..<20, using: &random) == 0 { next = radians }
            let segment = StepSegment(start: ns(time), end: ns(time + duration), startRadians: radians, endRadians: next)
            // Now and then the command jumps (a new start point): carried-in steps.
            if Int.random(in: 0..<25, using: &random) == 0 { radians = next + Double.random(in: -0.01...0.01, using: &random) }
            try planner.plan(segment, from: state, into: plan)
            checker.check(segment, state: state, plan: plan)
            state = plan.endState
            radians = segment.endRadians
            time += duration
        }
        // Hold long enough and everything owed comes out.
        for _ in 0..<1_000 where state.microsteps != planner.microsteps(forRadians: radians) {
            let segment = StepSegment(start: ns(time), end: ns(time + 1_000_000), startRadians: radians, endRadians: radians)
            try planner.plan(segment, from: state, into: plan)
            checker.check(segment, state: state, plan: plan)
            state = plan.endState
            time += 1_000_000
        }
        #expect(state.microsteps == planner.microsteps(forRadians: radians))
        #expect(checker.failures.isEmpty, "\(checker.failures)")
        #expect(checker.steps > 1_000)
        #expect(checker.directionChanges > 5, "\(checker.directionChanges) \(checker.steps) \(checker.delayedSteps) \(checker.carryOvers)")
        #expect(checker.delayedSteps > 0)
        #expect(checker.carryOvers > 0)
    }
}
