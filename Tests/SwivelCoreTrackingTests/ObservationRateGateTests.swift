import Testing
@testable import SwivelCore

// A clock far from zero, as a monotonic clock after some uptime: differences
// of its readings are not exact, which the boundary rules must survive.
private let base: Seconds = 1234.567

/// The rules' edges, one by one. The random streams are in ObservationRateGatePropertyTests.
@Suite struct ObservationRateGateTests {
    @Test func theFirstBatchIsNeverAnError() {
        for time in [0.0, base, -5.0, 1e6] {
            var gate = ObservationRateGate()
            #expect(gate.admit(at: time) == .accepted)
        }
    }

    @Test func aBurstOfTenIsTakenTheEleventhIsRefusedAndTheBucketRefills() {
        var gate = ObservationRateGate()
        for _ in 0..<10 { #expect(gate.admit(at: base) == .accepted) }
        #expect(gate.admit(at: base) == .rejectedFrameRateTooHigh)
        #expect(gate.admit(at: base + 0.02) == .rejectedFrameRateTooHigh) // 0.6 of a token
        // One token a 30.3rd of a second; the rejected batches took none.
        #expect(gate.admit(at: base + 1 / ObservationRateGate.refillBatchesPerSecond) == .accepted)
        #expect(gate.admit(at: base + 1.5 / ObservationRateGate.refillBatchesPerSecond) == .rejectedFrameRateTooHigh)
        #expect(gate.admit(at: base + 2 / ObservationRateGate.refillBatchesPerSecond) == .accepted)
    }

    @Test func theBucketHoldsNoMoreThanItsBurst() {
        var gate = ObservationRateGate()
        #expect(gate.admit(at: base) == .accepted)
        // A second of silence refills 30 tokens' worth, but the bucket holds 10.
        for _ in 0..<10 { #expect(gate.admit(at: base + 1) != .rejectedFrameRateTooHigh) }
        #expect(gate.admit(at: base + 1) == .rejectedFrameRateTooHigh)
    }

    @Test func aGapOfExactly100MillisecondsIsFine() {
        var gate = ObservationRateGate()
        #expect(gate.admit(at: base) == .accepted)
        #expect(gate.admit(at: base + 0.1) == .accepted)
        #expect(gate.admit(at: base + 0.2) == .accepted)
        #expect(gate.admit(at: base + 0.300_001) == .acceptedButFrameRateTooLow) // 100.001 ms
    }

    @Test func aGapUnderTwoSecondsIsTooLowTwoSecondsOrMoreStartsAStream() {
        var gate = ObservationRateGate()
        #expect(gate.admit(at: base) == .accepted)
        #expect(gate.admit(at: base + 1) == .acceptedButFrameRateTooLow)         // 1 fps
        #expect(gate.admit(at: base + 2.999_999) == .acceptedButFrameRateTooLow) // 1.999999 s
        #expect(gate.admit(at: base + 4.999_999) == .accepted)                   // exactly 2 s
        #expect(gate.admit(at: base + 5.049_999) == .accepted)                   // 50 ms into the new stream
        #expect(gate.admit(at: base + 12) == .accepted)                          // 7 s
    }

    @Test func theGapIsMeasuredFromTheLastAcceptedBatch() {
        var gate = ObservationRateGate()
        for _ in 0..<10 { #expect(gate.admit(at: base) == .accepted) }
        // A flood at 1 kHz: the burst is gone, one in 33 gets through, never 100 ms apart.
        var verdicts: [ObservationRateGate.Verdict] = []
        for k in 1...1000 { verdicts.append(gate.admit(at: base + Double(k) * 0.001)) }
        #expect(!verdicts.contains(.acceptedButFrameRateTooLow))
        #expect(verdicts.filter { $0 == .accepted }.count == 30)
        // 150 ms after the last accepted one, whatever was refused in between.
        let lastAccepted = base + Double((verdicts.lastIndex(of: .accepted) ?? 0) + 1) * 0.001
        #expect(gate.admit(at: lastAccepted + 0.15) == .acceptedButFrameRateTooLow)
    }

    @Test func slowerThanTenASecondIsTheAverageOfTheLastTenIntervals() {
        // Pairs 10 ms apart every 400 ms: each second batch of a pair is 10 ms after
        // the one before it, but the stream averages 200 ms a batch.
        var gate = ObservationRateGate()
        #expect(gate.admit(at: base) == .accepted)
        #expect(gate.admit(at: base + 0.01) == .accepted) // one interval, 10 ms
        for pair in 1..<20 {
            let t = base + Double(pair) * 0.4
            #expect(gate.admit(at: t) == .acceptedButFrameRateTooLow)
            #expect(gate.admit(at: t + 0.01) == .acceptedButFrameRateTooLow)
        }
    }

    @Test func aPauseUnderTwoSecondsIsHeardForTenIntervalsAfter() {
        var gate = ObservationRateGate()
        for k in 0..<30 { #expect(gate.admit(at: base + Double(k) / 30) == .accepted) }
        // 1.5 s of silence, then 30 fps again.
        let resume = base + 29.0 / 30 + 1.5
        var verdicts: [ObservationRateGate.Verdict] = []
        for k in 0..<20 { verdicts.append(gate.admit(at: resume + Double(k) / 30)) }
        // The 10 intervals ending at each of the first ten batches still span the pause.
        #expect(verdicts.prefix(10).allSatisfy { $0 == .acceptedButFrameRateTooLow })
        #expect(verdicts.dropFirst(10).allSatisfy { $0 == .accepted })
        // A short pause is heard only once: the ten intervals around 0.5 s sum to under a second.
        var short = ObservationRateGate()
        for k in 0..<30 { _ = short.admit(at: base + Double(k) / 30) }
        #expect(short.admit(at: base + 29.0 / 30 + 0.5) == .acceptedButFrameRateTooLow)
        for k in 1..<20 { #expect(short.admit(at: base + 29.0 / 30 + 0.5 + Double(k) / 30) == .accepted) }
    }

    @Test func steadyStreams() {
        // 30, 15 and 10 Hz (exactly 100 ms) for a minute: never an error.
        for hertz in [30.0, 15.0, 10.0] {
            var gate = ObservationRateGate()
            for k in 0..<Int(60 * hertz) { #expect(gate.admit(at: base + Double(k) / hertz) == .accepted) }
        }
        // 9 Hz: every batch after the first is too slow.
        var slow = ObservationRateGate()
        #expect(slow.admit(at: base) == .accepted)
        for k in 1..<90 { #expect(slow.admit(at: base + Double(k) / 9) == .acceptedButFrameRateTooLow) }
    }

    @Test func resetForgetsEverything() {
        var gate = ObservationRateGate()
        for _ in 0..<10 { _ = gate.admit(at: base) }
        #expect(gate.admit(at: base) == .rejectedFrameRateTooHigh)
        gate.reset()
        // A full bucket at once, and the next batch is a first batch.
        for _ in 0..<10 { #expect(gate.admit(at: base) == .accepted) }
        gate.reset()
        #expect(gate.admit(at: base + 0.5) == .accepted)
        #expect(gate.admit(at: base + 0.8) == .acceptedButFrameRateTooLow)
    }

    @Test func aNonFiniteTimeChangesNothing() {
        var gate = ObservationRateGate()
        for _ in 0..<10 { _ = gate.admit(at: base) }
        #expect(gate.admit(at: .nan) == .accepted)
        #expect(gate.admit(at: .infinity) == .accepted)
        #expect(gate.admit(at: -.infinity) == .accepted)
        #expect(gate.admit(at: base) == .rejectedFrameRateTooHigh)
        #expect(gate.admit(at: base + 0.05) == .accepted)
    }

    @Test func aTimeBeforeTheNewestIsJudgedAsArrivingWithIt() {
        var gate = ObservationRateGate()
        #expect(gate.admit(at: base) == .accepted)
        #expect(gate.admit(at: base + 0.05) == .accepted)
        // Earlier than the newest: no negative gap, no refill from the past.
        #expect(gate.admit(at: base - 10) == .accepted)
        #expect(gate.admit(at: base + 0.1) == .accepted)
    }

    /// A 30 fps camera whose detector delivers late, by a varying amount and
    /// in order: the arrivals bunch (here all 15 of half a second at once),
    /// the captures are 33 ms apart, and the captures are what is judged.
    @Test func bunchedArrivalsOfFramesCaptured33MsApartAreAllAccepted() {
        var gate = ObservationRateGate()
        let arrival = base + 0.6
        for k in 0..<15 {
            #expect(gate.admit(capturedAt: base + Double(k) / 30, arrivedAt: arrival) == .accepted, "frame \(k)")
        }
        // The next frame, captured a period later, delivered promptly: no gap.
        #expect(gate.admit(capturedAt: base + 0.5, arrivedAt: base + 0.566) == .accepted)
    }

    /// A sender that sends 100 a second but claims captures 33 ms apart,
    /// starting a second back, runs out of age within half a second (a
    /// capture is judged no later than its arrival): after the burst and that
    /// second, it gets the bucket's rate and no more.
    @Test func agesCannotBuyRate() {
        var gate = ObservationRateGate()
        var accepted = 0
        for k in 0..<1000 { // 10 s of arrivals
            let arrival = base + Double(k) / 100
            let claimed = base - 1 + Double(k) / 30
            if gate.admit(capturedAt: claimed, arrivedAt: arrival) != .rejectedFrameRateTooHigh { accepted += 1 }
        }
        let most = ObservationRateGate.burstBatches
            + (10 + ObservationRateGate.longestCaptureAgeSeconds) * ObservationRateGate.refillBatchesPerSecond
        #expect(Double(accepted) <= most + 1, "\(accepted)")
        #expect(Double(accepted) >= 10 * ObservationRateGate.refillBatchesPerSecond - 1, "\(accepted)")
    }

    @Test func aCaptureIsJudgedNoLaterThanItsArrivalNorMoreThanASecondBefore() {
        // A capture "after" its arrival is judged at the arrival: ten of them fill the burst at once.
        var future = ObservationRateGate()
        for k in 0..<10 { #expect(future.admit(capturedAt: base + 5 + Double(k), arrivedAt: base) == .accepted) }
        #expect(future.admit(capturedAt: base + 50, arrivedAt: base) == .rejectedFrameRateTooHigh)
        // Captures claimed 3 s apart from arrivals 40 ms apart: judged 40 ms apart, so never a new stream or too slow.
        var past = ObservationRateGate()
        #expect(past.admit(capturedAt: base - 6, arrivedAt: base) == .accepted)
        #expect(past.admit(capturedAt: base - 3, arrivedAt: base + 0.04) == .accepted)
        #expect(past.admit(capturedAt: base - 5, arrivedAt: base + 0.08) == .accepted)
        // Non-finite: accepted, nothing changes.
        #expect(past.admit(capturedAt: .nan, arrivedAt: base + 0.1) == .accepted)
        #expect(past.admit(capturedAt: base + 0.1, arrivedAt: .infinity) == .accepted)
        #expect(past.admit(capturedAt: base - 2, arrivedAt: base + 0.12) == .accepted)
        // Judged at base + 0.3: 220 ms after the newest, too slow.
        #expect(past.admit(capturedAt: base + 0.3, arrivedAt: base + 0.3) == .acceptedButFrameRateTooLow)
    }
}
