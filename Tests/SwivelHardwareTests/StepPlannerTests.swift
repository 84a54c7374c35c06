import SwivelHardware
import SwivelTestSupport
import Testing

@Suite struct StepPlannerTests {
    /// 1000 microsteps per radian, so 0.001 rad is one microstep; steps at
    /// least 10 µs apart; 2 µs pulses; 1 µs DIR setup.
    static func planner(
        maxStepRateHz: Double = 100_000, setup: Int64 = 1_000, invert: Bool = false
    ) throws -> StepPlanner {
        try StepPlanner(
            microstepsPerRadian: 1_000, maxStepRateHz: maxStepRateHz, minPulseWidthNanoseconds: 2_000,
            directionSetupNanoseconds: setup, invertDirection: invert)
    }

    static func segment(_ start: Int64, _ end: Int64, _ from: Double, _ to: Double) -> StepSegment {
        StepSegment(start: ns(start), end: ns(end), startRadians: from, endRadians: to)
    }

    @Test func constantVelocityStepsAtTheMidpointCrossings() throws {
        let planner = try Self.planner()
        let plan = StepPlan(capacity: 64)
        // 10 microsteps over 1 ms: the position crosses k + ½ at (k + ½) × 100 µs.
        try planner.plan(Self.segment(1_000_000, 2_000_000, 0, 0.01), from: StepperState(microsteps: 0, direction: .positive), into: plan)
        #expect(Array(plan.risingEdges) == (0..<10).map { ns(1_050_000 + Int64($0) * 100_000) })
        #expect(plan.directionChange == nil)
        #expect(plan.endState.microsteps == 10)
        #expect(plan.endState.previousPulseEnd == ns(1_952_000))
        #expect(plan.delayedSteps == 0)
        #expect(plan.carriedSteps == 0)
    }

    @Test func negativeVelocityAndInvertedDirection() throws {
        let plan = StepPlan(capacity: 64)
        for invert in [false, true] {
            let planner = try Self.planner(invert: invert)
            try planner.plan(Self.segment(0, 1_000_000, 0, -0.01), from: StepperState(microsteps: 0, direction: .negative), into: plan)
            #expect(Array(plan.risingEdges) == (0..<10).map { ns(50_000 + Int64($0) * 100_000) })
            #expect(plan.direction == .negative)
            #expect(plan.directionLevel == invert)
            #expect(plan.endState.microsteps == -10)
        }
    }

    @Test func fractionalDisplacementRoundsToNearest() throws {
        let planner = try Self.planner()
        let plan = StepPlan(capacity: 64)
        // 0.3 → 12.7 microsteps over 1 ms: count goes 0 → 13; the crossing of
        // k + ½ is at (k + ½ − 0.3) / 12.4 ms.
        try planner.plan(Self.segment(0, 1_000_000, 0.0003, 0.0127), from: StepperState(microsteps: 0, direction: .positive), into: plan)
        let expected: [MonotonicInstant] = [
            16_129, 96_774, 177_419, 258_065, 338_710, 419_355, 500_000,
            580_645, 661_290, 741_935, 822_581, 903_226, 983_871,
        ].map(ns)
        #expect(Array(plan.risingEdges) == expected)
        #expect(plan.endState.microsteps == 13)
        // 0.4 of a microstep is not enough to step.
        try planner.plan(Self.segment(0, 1_000_000, 0, 0.0004), from: StepperState(microsteps: 0), into: plan)
        #expect(plan.stepCount == 0)
        #expect(plan.isEmpty)
    }

    @Test func unknownDirectionIsWrittenFirst() throws {
        let planner = try Self.planner(setup: 60_000)
        let plan = StepPlan(capacity: 64)
        try planner.plan(Self.segment(1_000_000, 2_000_000, 0, 0.01), from: StepperState(microsteps: 0), into: plan)
        #expect(plan.directionChange == ns(1_000_000))
        #expect(plan.directionLevel == true)
        // The first crossing (1.05 ms) is inside the 60 µs setup window: delayed to 1.06 ms.
        #expect(plan.risingEdges.first == ns(1_060_000))
        #expect(Array(plan.risingEdges.dropFirst()) == (1..<10).map { ns(1_050_000 + Int64($0) * 100_000) })
        #expect(plan.delayedSteps == 1)
        #expect(plan.endState.direction == .positive)
        #expect(plan.endState.lastDirectionChange == ns(1_000_000))
    }

    @Test func zeroMotionPlansNothing() throws {
        let planner = try Self.planner()
        let plan = StepPlan(capacity: 8)
        let state = StepperState(microsteps: 5, direction: .negative, previousPulseEnd: ns(10), lastDirectionChange: ns(3))
        try planner.plan(Self.segment(0, 1_000_000, 0.005, 0.005), from: state, into: plan)
        #expect(plan.isEmpty)
        #expect(plan.endState == state)
    }

    @Test func rateLimitDelaysAndCarriesSteps() throws {
        // At most one step per 100 µs; the segment asks for 20 in 1 ms.
        let planner = try Self.planner(maxStepRateHz: 10_000)
        let plan = StepPlan(capacity: 64)
        let first = StepperState(microsteps: 0, direction: .positive)
        try planner.plan(Self.segment(0, 1_000_000, 0, 0.02), from: first, into: plan)
        #expect(Array(plan.risingEdges) == (0..<10).map { ns(25_000 + Int64($0) * 100_000) })
        #expect(plan.delayedSteps == 9)
        #expect(plan.carriedSteps == 10)
        #expect(plan.endState.microsteps == 10)
        // Holding still, the carried steps come out first, still rate-limited.
        try planner.plan(Self.segment(1_000_000, 2_000_000, 0.02, 0.02), from: plan.endState, into: plan)
        #expect(Array(plan.risingEdges) == (0..<10).map { ns(1_025_000 + Int64($0) * 100_000) })
        #expect(plan.carriedSteps == 0)
        #expect(plan.endState.microsteps == 20)
    }

    @Test func directionChangeWaitsForThePulseAndTheSetupTime() throws {
        let planner = try Self.planner(setup: 20_000)
        let plan = StepPlan(capacity: 64)
        // The last pulse going up ends 500 ns into the segment; the command
        // jumps back down by 5 microsteps.
        let state = StepperState(microsteps: 5, direction: .positive, previousPulseEnd: ns(1_000_500))
        try planner.plan(Self.segment(1_000_000, 2_000_000, 0, 0), from: state, into: plan)
        #expect(plan.directionChange == ns(1_000_500))
        #expect(plan.directionLevel == false)
        #expect(Array(plan.risingEdges) == (0..<5).map { ns(1_020_500 + Int64($0) * 10_000) })
        #expect(plan.endState.microsteps == 0)
        #expect(plan.endState.direction == .negative)
    }

    @Test func directionChangeThatDoesNotFitIsCarried() throws {
        let planner = try Self.planner()
        let plan = StepPlan(capacity: 64)
        // The previous pulse ends after this (very short) segment does.
        let state = StepperState(microsteps: 1, direction: .positive, previousPulseEnd: ns(1_002_000))
        try planner.plan(Self.segment(1_000_000, 1_001_000, 0.001, 0), from: state, into: plan)
        #expect(plan.isEmpty)
        #expect(plan.carriedSteps == 1)
        #expect(plan.endState == state)
    }

    @Test func capacityOverflowIsCountedAndCarried() throws {
        let planner = try Self.planner()
        let plan = StepPlan(capacity: 3)
        try planner.plan(Self.segment(0, 1_000_000, 0, 0.01), from: StepperState(microsteps: 0, direction: .positive), into: plan)
        #expect(plan.stepCount == 3)
        #expect(plan.overflowedSteps == 7)
        #expect(plan.carriedSteps == 7)
        #expect(plan.endState.microsteps == 3)
    }

    @Test func badInputsAreTypedErrors() throws {
        let planner = try Self.planner()
        let plan = StepPlan(capacity: 4)
        let state = StepperState(microsteps: 0)
        #expect(throws: MotionInputError.segmentEndsBeforeStart) { try planner.plan(Self.segment(10, 5, 0, 1), from: state, into: plan) }
        #expect(throws: MotionInputError.nonFiniteRadians) { try planner.plan(Self.segment(0, 5, 0, .nan), from: state, into: plan) }
        #expect(throws: MotionInputError.nonFiniteRadians) { try planner.plan(Self.segment(0, 5, -.infinity, 0), from: state, into: plan) }
        #expect(throws: MotionInputError.positionOutOfRange) { try planner.plan(Self.segment(0, 5, 0, 1e20), from: state, into: plan) }
        #expect(throws: MotionInputError.instantOutOfRange) { try planner.plan(Self.segment(0, .max, 0, 1), from: state, into: plan) }
    }

    @Test func badParametersAreTypedErrors() {
        let cases: [(Double, Double, Int64, Int64)] = [
            (0, 1_000, 2_000, 0), (.nan, 1_000, 2_000, 0), (100, 0, 2_000, 0), (100, .infinity, 2_000, 0),
            (100, 1_000, 0, 0), (100, 1_000, 2_000, -1),
            (100, 400_000, 2_000, 0),  // 2.5 µs per step cannot hold a 2 µs pulse plus a 2 µs gap
        ]
        for (microsteps, rate, width, setup) in cases {
            #expect(throws: HardwareError.self) {
                try StepPlanner(microstepsPerRadian: microsteps, maxStepRateHz: rate, minPulseWidthNanoseconds: width, directionSetupNanoseconds: setup, invertDirection: false)
            }
        }
    }
}
