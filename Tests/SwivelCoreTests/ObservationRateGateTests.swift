import Testing
@testable import SwivelCore

// A clock far from zero, as a monotonic clock after some uptime: differences
// of its readings are not exact, which the boundary rules must survive.
private let base: Seconds = 1234.567

@Suite struct ObservationRateGateTests {
    /// 30 batches at 30 Hz starting at `start`; all must be accepted.
    private func fill(_ gate: inout ObservationRateGate, from start: Seconds) {
        for k in 0..<30 { #expect(gate.admit(at: start + Double(k) / 30) == .accepted) }
    }

    @Test func theFirstBatchIsNeverAnError() {
        for time in [0.0, base, -5.0, 1e6] {
            var gate = ObservationRateGate()
            #expect(gate.admit(at: time) == .accepted)
        }
    }

    @Test func thirtyInAWindowAreAcceptedTheThirtyFirstIsRejectedAndNotCounted() {
        var gate = ObservationRateGate()
        fill(&gate, from: base) // base … base + 0.967
        #expect(gate.admit(at: base + 0.99) == .rejectedFrameRateTooHigh)
        #expect(gate.admit(at: base + 0.995) == .rejectedFrameRateTooHigh)
        // At base + 1 the first batch leaves (base, base + 1]: 29 remain. Had the
        // rejected ones counted, the window would still be full.
        #expect(gate.admit(at: base + 1) == .accepted)
        #expect(gate.admit(at: base + 1 + 1.0 / 60) == .rejectedFrameRateTooHigh)
        #expect(gate.admit(at: base + 1 + 1.0 / 30) == .accepted)
    }

    @Test func theWindowBoundaryIsExactlyOneSecond() {
        var gate = ObservationRateGate()
        fill(&gate, from: base)
        #expect(gate.admit(at: base + 1 - 1e-6) == .rejectedFrameRateTooHigh) // base still inside
        #expect(gate.admit(at: base + 1) == .accepted)                        // base exactly 1 s old: out
    }

    @Test func aGapOfExactly100MillisecondsIsFine() {
        var gate = ObservationRateGate()
        #expect(gate.admit(at: base) == .accepted)
        #expect(gate.admit(at: base + 0.1) == .accepted)
        #expect(gate.admit(at: base + 0.2) == .accepted)
        #expect(gate.admit(at: base + 0.300_001) == .acceptedButFrameRateTooLow) // 100.001 ms
    }

    @Test func aGapUnderOneSecondIsTooLowOneSecondOrMoreIsAPause() {
        var gate = ObservationRateGate()
        #expect(gate.admit(at: base) == .accepted)
        #expect(gate.admit(at: base + 0.5) == .acceptedButFrameRateTooLow)
        #expect(gate.admit(at: base + 1.499_999) == .acceptedButFrameRateTooLow) // 999.999 ms
        #expect(gate.admit(at: base + 2.499_999) == .accepted)                   // exactly 1 s
        #expect(gate.admit(at: base + 7) == .accepted)                           // 4.5 s
    }

    @Test func theGapIsMeasuredFromTheLastAcceptedBatch() {
        var gate = ObservationRateGate()
        for k in 0..<30 { #expect(gate.admit(at: base + Double(k) * 0.01) == .accepted) } // … base + 0.29
        for k in 30..<100 { #expect(gate.admit(at: base + Double(k) * 0.01) == .rejectedFrameRateTooHigh) }
        // Batches kept arriving every 10 ms, but the last ACCEPTED one is 0.71 s old.
        #expect(gate.admit(at: base + 1.0) == .acceptedButFrameRateTooLow)
    }

    @Test func aPauseResetsTheWindow() {
        var gate = ObservationRateGate()
        fill(&gate, from: base)
        #expect(gate.admit(at: base + 0.99) == .rejectedFrameRateTooHigh)
        // After a pause every old batch is out of the window: a full burst fits again.
        fill(&gate, from: base + 3)
        #expect(gate.admit(at: base + 3.99) == .rejectedFrameRateTooHigh)
    }

    @Test func steadyStreams() {
        // 30 Hz and 10 Hz for ten seconds: never an error.
        for hertz in [30.0, 10.0] {
            var gate = ObservationRateGate()
            for k in 0..<Int(10 * hertz) { #expect(gate.admit(at: base + Double(k) / hertz) == .accepted) }
        }
        // 31 Hz: one batch in every 31 is over the limit.
        var fast = ObservationRateGate()
        var rejected = 0
        for k in 0..<310 where fast.admit(at: base + Double(k) / 31) == .rejectedFrameRateTooHigh { rejected += 1 }
        #expect(rejected == 10)
        // 9 Hz: every batch after the first is too slow.
        var slow = ObservationRateGate()
        #expect(slow.admit(at: base) == .accepted)
        for k in 1..<20 { #expect(slow.admit(at: base + Double(k) / 9) == .acceptedButFrameRateTooLow) }
    }

    @Test func resetForgetsEverything() {
        var gate = ObservationRateGate()
        fill(&gate, from: base)
        gate.reset()
        // A full burst fits at once, and the next batch is a first batch.
        fill(&gate, from: base + 0.99)
        gate.reset()
        #expect(gate.admit(at: base + 2.5) == .accepted)
        #expect(gate.admit(at: base + 2.8) == .acceptedButFrameRateTooLow)
    }

    @Test func aNonFiniteTimeChangesNothing() {
        var gate = ObservationRateGate()
        fill(&gate, from: base)
        #expect(gate.admit(at: .nan) == .accepted)
        #expect(gate.admit(at: .infinity) == .accepted)
        #expect(gate.admit(at: base + 0.99) == .rejectedFrameRateTooHigh)
        #expect(gate.admit(at: base + 1) == .accepted)
    }
}
