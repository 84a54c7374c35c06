#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelHardware
import SwivelSim
import SwivelTestSupport
import Testing

/// A model that falls behind its clock covers the gap in longer steps, at a
/// bounded cost, along the same path (see `StandModel`, "Falling behind").
/// Two stands are driven by the same step pulses: one read every 1 ms tick as
/// the loop reads it, one read only now and then, as a slowed daemon would.
@Suite struct StandModelCatchUpTests {
    static let stepNanoseconds = StepperAxisRig.integrationStepNanoseconds

    /// The shared stepper rig, enabled, lightly damped so it rings.
    static func rig(maximumStepsPerAdvance: Int64) throws -> StepperAxisRig {
        let rig = try StepperAxisRig(
            naturalFrequencyHz: 40, dampingRatio: 0.3, coastDeceleration: 20, maximumStepsPerAdvance: maximumStepsPerAdvance)
        rig.driver.enable(at: rig.clock.now())
        return rig
    }

    @Test func aLongGapTakesBoundedLongerStepsAlongTheSamePath() throws {
        let ticking = try Self.rig(maximumStepsPerAdvance: 100)
        let behind = try Self.rig(maximumStepsPerAdvance: 100)
        var stepsBefore: UInt64 = 0
        var eventsBefore = 0
        for index in 0..<1_500 {
            try ticking.tick(index, read: true)
            // Behind: read once every 250 ticks, a gap of 12,500 fine steps.
            let read = index % 250 == 249
            try behind.tick(index, read: false)
            guard read else { continue }
            behind.encoder.update()
            // Each catch-up: at most 100 steps of its own, plus one per write
            // it had to split at (the STEP rises, DIR and ENABLE changes).
            let events = (0...2).reduce(0) { $0 + behind.chip.transitions(onLine: $1).count }
            let steps = behind.stand.integrationSteps - stepsBefore
            #expect(steps <= UInt64(100 + 1 + (events - eventsBefore)), "tick \(index): \(steps) steps")
            stepsBefore = behind.stand.integrationSteps
            eventsBefore = events
            // The same path: exact between writes, whatever the step.
            let fine = try #require(ticking.stand.angleRadians(axis: .yaw))
            let coarse = try #require(behind.stand.angleRadians(axis: .yaw))
            #expect(abs(fine - coarse) < 1e-9, "tick \(index)")
            let fineSpeed = try #require(ticking.stand.velocityRadiansPerSecond(axis: .yaw))
            let coarseSpeed = try #require(behind.stand.velocityRadiansPerSecond(axis: .yaw))
            #expect(abs(fineSpeed - coarseSpeed) < 1e-6, "tick \(index)")
            // Every encoder edge is still emitted, one by one, in a legal order.
            ticking.encoder.update()
            #expect(behind.encoder.count == ticking.encoder.count, "tick \(index)")
        }
        #expect(behind.stand.stretchedAdvances == 6)
        #expect(ticking.stand.stretchedAdvances == 0)
        #expect(ticking.stand.integrationSteps >= 1_500_000_000 / UInt64(Self.stepNanoseconds))
        #expect(behind.encoder.illegalTransitions == 0)
        #expect(behind.encoder.droppedEvents == 0)
        #expect(behind.stand.encoderOverruns == 0)
        #expect(behind.stand.lateOutputEvents == 0)
        #expect(ticking.driver.rateLimitedSteps == 0)
        // The sine did move the stand, through several reversals.
        #expect(ticking.chip.transitions(onLine: 1).count >= 5)
    }

    @Test func aGapWithinTheBoundKeepsTheFineStep() throws {
        let rig = try Self.rig(maximumStepsPerAdvance: 100)
        // 100 steps of 20 µs exactly: not stretched; one more nanosecond is.
        rig.clock.set(MonotonicInstant(nanoseconds: 100 * Self.stepNanoseconds))
        _ = rig.stand.angleRadians(axis: .yaw)
        #expect(rig.stand.stretchedAdvances == 0)
        #expect(rig.stand.integrationSteps == 100)
        rig.clock.set(MonotonicInstant(nanoseconds: 200 * Self.stepNanoseconds + 1))
        _ = rig.stand.angleRadians(axis: .yaw)
        #expect(rig.stand.stretchedAdvances == 1)
        #expect(rig.stand.integrationSteps == 200)
    }

    @Test func aBadBoundIsRefused() throws {
        let clock = ManualClock()
        let chip = try InMemoryGPIOChip(label: "sim", lineCount: 8, clock: clock)
        for bound: Int64 in [0, -1, 1_000_001] {
            #expect(throws: HardwareError.self) {
                _ = try StandModel(
                    chip: chip, pwm: InMemoryPWMProvider(clock: clock), clock: clock, integrationStepNanoseconds: 20_000,
                    maximumStepsPerAdvance: bound, axes: [])
            }
        }
    }
}

extension StepperAxisRig {
    /// One 1 ms tick of a 2 Hz, 0.5 rad sine (reversals, 6.3 rad/s peak);
    /// the encoder is read, and the model caught up, only when `read`.
    fileprivate func tick(_ index: Int, read: Bool) throws {
        if read { encoder.update() }
        let start = MonotonicInstant(nanoseconds: Int64(index) * 1_000_000)
        let end = start.advanced(byNanoseconds: 1_000_000)
        let target = 0.5 * sin(2 * Double.pi * 2 * end.seconds)
        try driver.move(toRadians: target, from: start, until: end)
        clock.set(end)
    }
}
