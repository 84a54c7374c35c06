import SwivelHardware
import Testing

@Suite struct QuadratureDecoderTests {
    struct Levels: Equatable, CustomStringConvertible {
        var a: Bool
        var b: Bool
        var description: String { "\(a ? 1 : 0)\(b ? 1 : 0)" }
    }

    static let l00 = Levels(a: false, b: false)
    static let l10 = Levels(a: true, b: false)
    static let l11 = Levels(a: true, b: true)
    static let l01 = Levels(a: false, b: true)

    /// Every (previous, next) pair, written out by hand from the forward
    /// sequence 00 → 10 → 11 → 01 → 00: +1 forward, −1 backward, 0 unchanged,
    /// nil when both channels changed (illegal).
    static let table: [(Levels, Levels, Int64?)] = [
        (l00, l00, 0), (l00, l10, 1), (l00, l11, nil), (l00, l01, -1),
        (l10, l00, -1), (l10, l10, 0), (l10, l11, 1), (l10, l01, nil),
        (l11, l00, nil), (l11, l10, -1), (l11, l11, 0), (l11, l01, 1),
        (l01, l00, 1), (l01, l10, nil), (l01, l11, -1), (l01, l01, 0),
    ]

    @Test(arguments: [false, true])
    func allSixteenTransitions(invert: Bool) {
        #expect(Self.table.count == 16)
        for (previous, next, delta) in Self.table {
            var decoder = QuadratureDecoder(a: previous.a, b: previous.b, invert: invert)
            decoder.apply(a: next.a, b: next.b)
            if let delta {
                #expect(decoder.count == (invert ? -delta : delta), "\(previous) → \(next)")
                #expect(decoder.illegalTransitions == 0, "\(previous) → \(next)")
            } else {
                #expect(decoder.count == 0, "\(previous) → \(next)")
                #expect(decoder.illegalTransitions == 1, "\(previous) → \(next)")
            }
        }
    }

    @Test func illegalTransitionResynchronises() {
        var decoder = QuadratureDecoder(a: false, b: false)
        decoder.apply(a: true, b: true)  // illegal: now at 11
        decoder.apply(a: false, b: true)  // 11 → 01 is forward from the new state
        #expect(decoder.count == 1)
        #expect(decoder.illegalTransitions == 1)
    }

    @Test func fullTurnsCountFour() {
        var decoder = QuadratureDecoder(a: false, b: false)
        let forward = [Self.l10, Self.l11, Self.l01, Self.l00]
        for _ in 0..<25 { for levels in forward { decoder.apply(a: levels.a, b: levels.b) } }
        #expect(decoder.count == 100)
        for _ in 0..<30 { for levels in forward.reversed().dropFirst() + [Self.l00] { decoder.apply(a: levels.a, b: levels.b) } }
        #expect(decoder.count == -20)
        #expect(decoder.illegalTransitions == 0)
    }

    @Test func countingWrapsInsteadOfTrapping() {
        var decoder = QuadratureDecoder(a: false, b: false, count: .max)
        decoder.apply(a: true, b: false)
        #expect(decoder.count == .min)
        decoder.apply(a: false, b: false)
        #expect(decoder.count == .max)
    }
}
