import SwivelTestSupport
import Testing
@testable import SwivelCore

/// The rate rules as constraints over random streams, in the manner of
/// LinuxCNC's limit3 constraint tests: each generated stream either must never
/// hear an error, or must hear one on every batch the rule names.
@Suite struct ObservationRateGatePropertyTests {
    /// Arrival times of a sender at `hertz` for `seconds` from `start`, each
    /// moved by a uniform jitter of ±`jitterSeconds`; with `bunchProbability` a
    /// batch is held back and arrives together with the next one (a reader
    /// that read two at once; 1 makes every batch one of a pair).
    static func stream(
        hertz: Double, seconds: Double, jitterSeconds: Double, bunchProbability: Double = 0,
        start: Seconds = 1234.567, seed: UInt64
    ) -> [Seconds] {
        var random = SeededRandom(seed: seed)
        var times = (0..<Int(seconds * hertz)).map { k in
            start + Double(k) / hertz + Double.random(in: -jitterSeconds...jitterSeconds, using: &random)
        }
        times.sort()
        var k = 0
        while bunchProbability > 0 && k + 1 < times.count {
            if Double.random(in: 0..<1, using: &random) < bunchProbability {
                times[k] = times[k + 1]
                k += 1 // a bunch is two: the next one is not held back too
            }
            k += 1
        }
        return times
    }

    static func verdicts(_ times: [Seconds], gate: inout ObservationRateGate) -> [ObservationRateGate.Verdict] {
        times.map { gate.admit(at: $0) }
    }

    static func verdicts(_ times: [Seconds]) -> [ObservationRateGate.Verdict] {
        var gate = ObservationRateGate()
        return verdicts(times, gate: &gate)
    }

    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func aJittered30FpsSenderIsNeverRefusedNorTooSlow(seed: UInt64) {
        let plain = Self.stream(hertz: 30, seconds: 30, jitterSeconds: 0.005, seed: seed)
        let bunched = Self.stream(hertz: 30, seconds: 30, jitterSeconds: 0.010, bunchProbability: 0.1, seed: seed)
        for times in [plain, bunched] {
            let errors = Self.verdicts(times).filter { $0 != .accepted }
            #expect(errors.isEmpty, "seed \(seed): \(errors.count) errors in \(times.count) batches")
        }
    }

    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func aReaderThatStallsForAQuarterSecondNowAndThenCostsNothing(seed: UInt64) {
        // Every ~2 s the link thread reads nothing for 250 ms, then everything at once.
        var random = SeededRandom(seed: seed)
        var times = Self.stream(hertz: 30, seconds: 30, jitterSeconds: 0.005, seed: seed)
        var stallStart = times[0] + 0.5
        while stallStart < times[times.count - 1] {
            let stallEnd = stallStart + 0.25
            for k in times.indices where times[k] >= stallStart && times[k] < stallEnd { times[k] = stallEnd }
            stallStart += Double.random(in: 1...3, using: &random)
        }
        let refused = Self.verdicts(times).filter { $0 == .rejectedFrameRateTooHigh }.count
        #expect(refused == 0, "seed \(seed)")
    }

    @Test(arguments: [(35.0, 1 as UInt64), (35, 2), (60, 3), (60, 4), (120, 5), (31, 6)])
    func aSustainedRateAbove30IsRefusedDownToTheBucket(hertz: Double, seed: UInt64) {
        let seconds = hertz < 34 ? 120.0 : 20.0
        let times = Self.stream(hertz: hertz, seconds: seconds, jitterSeconds: 0.003, seed: seed)
        let verdicts = Self.verdicts(times)
        let accepted = verdicts.filter { $0 != .rejectedFrameRateTooHigh }.count
        let span = times[times.count - 1] - times[0]
        let most = ObservationRateGate.burstBatches + span * ObservationRateGate.refillBatchesPerSecond
        // Never more than the bucket lets through...
        #expect(Double(accepted) <= most + 1, "\(hertz)/s: \(accepted) accepted in \(span) s")
        // ... and, rejected batches not counting, never less than its refill.
        #expect(Double(accepted) >= span * ObservationRateGate.refillBatchesPerSecond - 1, "\(hertz)/s: \(accepted)")
        // The refusals are of the excess, spread over the run (not a burst at the start).
        let lastQuarter = verdicts.suffix(verdicts.count / 4)
        #expect(lastQuarter.contains(.rejectedFrameRateTooHigh), "\(hertz)/s")
    }

    @Test func aFloodIsTakenAtTheRefillRateBecauseRejectedBatchesDoNotCount() {
        var gate = ObservationRateGate()
        let start: Seconds = 500
        var accepted = 0
        for k in 0..<10_000 where gate.admit(at: start + Double(k) * 0.001) != .rejectedFrameRateTooHigh { accepted += 1 }
        // 10 s at 1000/s: the burst, then one batch per refill.
        let expected = ObservationRateGate.burstBatches + 9.999 * ObservationRateGate.refillBatchesPerSecond
        #expect(abs(Double(accepted) - expected) <= 1, "\(accepted) accepted, expected \(expected)")
    }

    @Test(arguments: [(1.0, 11 as UInt64), (1, 12), (5, 13), (5, 14), (9, 15), (2, 16)])
    func aSlowStreamHearsFrameRateTooLowOnEveryBatchAfterItsFirst(hertz: Double, seed: UInt64) {
        let times = Self.stream(hertz: hertz, seconds: 60, jitterSeconds: hertz < 9 ? 0.010 : 0.004, seed: seed)
        let verdicts = Self.verdicts(times)
        #expect(verdicts.first == .accepted)
        let missed = verdicts.dropFirst().filter { $0 != .acceptedButFrameRateTooLow }.count
        #expect(missed == 0, "\(hertz)/s: \(missed) of \(verdicts.count - 1) batches not told")
    }

    @Test(arguments: 1...10 as ClosedRange<UInt64>)
    func aSlowStreamArrivingInPairsIsStillSlow(seed: UInt64) {
        // 5 batches a second, read two at a time: half the gaps are 0, the other half 400 ms.
        let times = Self.stream(hertz: 5, seconds: 60, jitterSeconds: 0.010, bunchProbability: 1, seed: seed)
        let verdicts = Self.verdicts(times)
        // Only the first pair starts clean: its second batch has a single interval of 0 behind it.
        let missed = verdicts.dropFirst(2).filter { $0 != .acceptedButFrameRateTooLow }.count
        #expect(missed == 0, "seed \(seed): \(missed) of \(verdicts.count - 2)")
    }

    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func aStreamResumingAfterTwoSecondsOrMoreStartsClean(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var gate = ObservationRateGate()
        var time: Seconds = 77
        for _ in 0..<10 {
            let hertz = Double.random(in: 0.6...60, using: &random)
            let times = Self.stream(
                hertz: hertz, seconds: Double.random(in: 0.5...5, using: &random), jitterSeconds: 0.005,
                start: time, seed: random.next())
            _ = Self.verdicts(times, gate: &gate)
            time = (times.last ?? time) + Double.random(in: 2...30, using: &random)
            #expect(gate.admit(at: time) == .accepted, "seed \(seed), after \(hertz)/s")
        }
    }
}
