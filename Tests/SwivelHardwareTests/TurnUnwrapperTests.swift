import SwivelHardware
import Testing

@Suite struct TurnUnwrapperTests {
    @Test func crossesZeroBothWaysWithoutLosingATurn() {
        var unwrapper = TurnUnwrapper(firstReading: 4_000, countsPerTurn: 4_096, nearCounts: 4_000)
        #expect(unwrapper.counts == 4_000)
        unwrapper.apply(50)          // +146 across the wrap
        #expect(unwrapper.counts == 4_146)
        unwrapper.apply(4_090)       // −56 back across it
        #expect(unwrapper.counts == 4_090)
        for reading: Int64 in [1_000, 2_000, 3_000, 4_000, 1_000 - 96, 2_000] {
            unwrapper.apply(reading)
        }
        // 4090 → 1000 is +1006 (forward across the wrap), then +1000 ×3, +1000, +1096.
        #expect(unwrapper.counts == 2 * 4_096 + 2_000)
    }

    @Test func aStepOfHalfATurnOrMoreIsTakenTheShortWay() {
        var unwrapper = TurnUnwrapper(firstReading: 0, countsPerTurn: 4_096, nearCounts: 0)
        unwrapper.apply(2_047)
        #expect(unwrapper.counts == 2_047)
        unwrapper.apply(0)
        unwrapper.apply(2_048)       // exactly half a turn: ambiguous, taken backwards
        #expect(unwrapper.counts == -2_048)
    }

    @Test func theFirstReadingLandsOnTheTurnNearestTheTarget() {
        #expect(TurnUnwrapper(firstReading: 4_000, countsPerTurn: 4_096, nearCounts: 0).counts == -96)
        #expect(TurnUnwrapper(firstReading: 100, countsPerTurn: 4_096, nearCounts: 0).counts == 100)
        #expect(TurnUnwrapper(firstReading: 100, countsPerTurn: 4_096, nearCounts: 9_000).counts == 8_292)
        #expect(TurnUnwrapper(firstReading: -1, countsPerTurn: 4_096, nearCounts: 5_000).counts == 4_095)
    }
}
