import Testing
@testable import SwivelCore

@Suite struct SubjectSelectorHysteresisTests {
    typealias F = SubjectFixture
    /// 16 batches a second: a binary fraction, so times and dwell add up exactly.
    static let dt: Seconds = 0.0625

    /// Two similar people, left and right of the target, trading a 5% size lead every batch.
    static func alternating(_ k: Int) -> [Observation] {
        let (a, b) = k.isMultiple(of: 2) ? (0.21, 0.20) : (0.20, 0.21)
        return [F.face(1, cx: 0.3, width: a), F.face(2, cx: 0.7, width: b)]
    }

    /// The primary (framed, automatic) of each of `count` batches.
    static func primaries(
        _ configuration: SubjectSelector.Configuration, count: Int, batch: (Int) -> [Observation]
    ) -> [Int64] {
        var selector = SubjectSelector(seed: 9, configuration: configuration)
        return (0..<count).map { k in
            let selection = selector.update(with: batch(k), framingTarget: F.centre, at: Double(k) * dt)
            return selection.framedIdentifiers.first ?? -1
        }
    }

    @Test func similarPeopleTradingTinyLeadsNeverFlipThePrimary() throws {
        var selector = SubjectSelector(seed: 9)
        for k in 0..<160 {
            let selection = selector.update(with: Self.alternating(k), framingTarget: F.centre, at: Double(k) * Self.dt)
            #expect(selection.framedIdentifiers == [1])
            // Rank 1 is the held primary, even in the batches where the other scores higher.
            #expect(selection.rankedIdentifiers == [1, 2])
        }
        // The same batches without hysteresis flip every time: the hold is what the test sees.
        let bare = try SubjectSelector.Configuration(hysteresisMargin: 0, minimumDwellSeconds: 0)
        let flips = Self.primaries(bare, count: 160, batch: Self.alternating)
        #expect(flips == (0..<160).map { $0.isMultiple(of: 2) ? 1 : 2 })
    }

    @Test func aClearLeadShorterThanTheDwellDoesNotTakeOver() throws {
        // Person 2 doubles in size for 7 batches (a lead of 6 × 0.0625 = 0.375 s < 0.5 s) out of every 10.
        let batch = { (k: Int) in
            [F.face(1, cx: 0.3, width: 0.21), F.face(2, cx: 0.7, width: k % 10 >= 3 ? 0.4 : 0.2)]
        }
        #expect(Self.primaries(.default, count: 100, batch: batch).allSatisfy { $0 == 1 })
        // With a dwell that short, the same lead does take over (at batch 9).
        let short = try SubjectSelector.Configuration(minimumDwellSeconds: 0.375)
        #expect(Self.primaries(short, count: 10, batch: batch) == Array(repeating: 1, count: 9) + [2])
    }

    @Test func aClearlyBetterSubjectTakesOverExactlyAfterTheDwell() throws {
        var selector = SubjectSelector(seed: 9)
        let similar = [F.face(1, cx: 0.3, width: 0.21), F.face(2, cx: 0.7)]
        let bigger = [F.face(1, cx: 0.3, width: 0.21), F.face(2, cx: 0.7, width: 0.35)]
        #expect(selector.update(with: similar, framingTarget: F.centre, at: 0).framedIdentifiers == [1])

        // Person 2 now clearly out-scores the margin...
        let uuid = try #require(SubjectUUID(bytes: Array(repeating: 0, count: 16)))
        let scores = bigger.map { o in
            selector.configuration.score(
                of: TrackedSubject(uuid: uuid, identifier: o.identifier, kind: .person, observationKind: o.kind, rect: o.rect),
                framingTarget: F.centre)
        }
        #expect(scores[1] > scores[0] * 1.25)

        // ...from t0 on; it must keep doing so for 0.5 s = 8 batches.
        let t0: Seconds = 1
        for k in 0..<8 {
            let selection = selector.update(with: bigger, framingTarget: F.centre, at: t0 + Double(k) * Self.dt)
            #expect(selection.framedIdentifiers == [1], "batch \(k)")
            #expect(selection.rankedIdentifiers == [1, 2])
        }
        let after = selector.update(with: bigger, framingTarget: F.centre, at: t0 + 8 * Self.dt)
        #expect(after.framedIdentifiers == [2])
        #expect(after.rankedIdentifiers == [2, 1])

        // And the old primary, back to its size, is now the one held off.
        for k in 9..<40 {
            let selection = selector.update(with: similar, framingTarget: F.centre, at: t0 + Double(k) * Self.dt)
            #expect(selection.framedIdentifiers == [2])
        }
    }

    @Test func aSpeakerTakesOverFromASimilarPersonAfterTheDwell() {
        let primaries = Self.primaries(.default, count: 20) { k in
            [F.face(1, cx: 0.3, width: 0.21), F.face(2, cx: 0.7, speaking: k >= 4 ? 0.9 : nil)]
        }
        // Speaking from batch 4; 8 batches of dwell later, batch 12, the speaker is framed.
        #expect(primaries == Array(repeating: 1, count: 12) + Array(repeating: 2, count: 8))
    }

    @Test func theDwellRestartsWhenTheLeadIsInterrupted() {
        // Person 2 leads clearly from batch 2, except in batch 6: the dwell counts from batch 7 again.
        let primaries = Self.primaries(.default, count: 20) { k in
            [F.face(1, cx: 0.3, width: 0.21), F.face(2, cx: 0.7, width: k < 2 || k == 6 ? 0.2 : 0.35)]
        }
        #expect(primaries == Array(repeating: 1, count: 15) + Array(repeating: 2, count: 5))
    }

    @Test func aPrimaryMissingForOneBatchKeepsItsPlace() {
        var selector = SubjectSelector(seed: 9)
        let both = [F.face(1, cx: 0.5, width: 0.3), F.face(2, cx: 0.7)]
        _ = selector.update(with: both, framingTarget: F.centre, at: 0)
        // A detector dropout: nobody is framed, nobody takes over.
        let dropped = selector.update(with: [F.face(2, cx: 0.7)], framingTarget: F.centre, at: Self.dt)
        #expect(dropped.framedIdentifiers.isEmpty)
        #expect(selector.update(with: both, framingTarget: F.centre, at: 2 * Self.dt).framedIdentifiers == [1])
    }

    @Test func aPrimaryMissingPastTheGraceIsReplaced() {
        var selector = SubjectSelector(seed: 9)
        _ = selector.update(with: [F.face(1, cx: 0.5, width: 0.3), F.face(2, cx: 0.7)], framingTarget: F.centre, at: 0)
        // Within the 0.3 s grace (4 batches of 62.5 ms = 0.25 s): held.
        for k in 1...4 {
            #expect(selector.update(with: [F.face(2, cx: 0.7)], framingTarget: F.centre, at: Double(k) * Self.dt).framedIdentifiers.isEmpty)
        }
        let gone = selector.update(with: [F.face(2, cx: 0.7)], framingTarget: F.centre, at: 5 * Self.dt)
        #expect(gone.framedIdentifiers == [2])
        // Back, it is the challenger now, and wins again only after the dwell.
        let back = [F.face(1, cx: 0.5, width: 0.3), F.face(2, cx: 0.7)]
        for k in 6..<14 {
            #expect(selector.update(with: back, framingTarget: F.centre, at: Double(k) * Self.dt).framedIdentifiers == [2])
        }
        #expect(selector.update(with: back, framingTarget: F.centre, at: 14 * Self.dt).framedIdentifiers == [1])
    }
}
