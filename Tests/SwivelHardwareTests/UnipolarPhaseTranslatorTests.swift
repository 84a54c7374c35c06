import SwivelHardware
import Testing

/// The 28BYJ-48's coil states, written one sequence step per STEP edge.
@Suite struct UnipolarPhaseTranslatorTests {
    /// Four lines that record the coil pattern after every single write.
    final class Coils {
        var levels = [false, false, false, false]
        var patterns: [UInt8] = []
        var pattern: UInt8 { levels.enumerated().reduce(0) { $0 | ($1.element ? 1 << $1.offset : 0) } }
        lazy var lines: [any DigitalOutput] = (0..<4).map { Line(self, $0) }

        final class Line: DigitalOutput {
            unowned let coils: Coils
            let index: Int
            init(_ coils: Coils, _ index: Int) {
                self.coils = coils
                self.index = index
            }
            func set(_ high: Bool, at instant: MonotonicInstant) {
                coils.levels[index] = high
                coils.patterns.append(coils.pattern)
            }
        }
    }

    static let t = MonotonicInstant(nanoseconds: 0)

    static func pulse(_ translator: UnipolarPhaseTranslator) {
        translator.step.set(true, at: t)
        translator.step.set(false, at: t)
    }

    @Test func halfSteppingWalksTheEightStatesBothWays() throws {
        let coils = Coils()
        let translator = try UnipolarPhaseTranslator(coils: coils.lines, halfStep: true)
        #expect(coils.pattern == 0, "requested low, nothing energised before ENABLE")
        translator.enable.set(true, at: Self.t)
        #expect(coils.pattern == 0b0001)
        translator.direction.set(true, at: Self.t)
        var seen: [UInt8] = []
        for _ in 0..<8 {
            Self.pulse(translator)
            seen.append(coils.pattern)
        }
        #expect(seen == [0b0011, 0b0010, 0b0110, 0b0100, 0b1100, 0b1000, 0b1001, 0b0001])
        translator.direction.set(false, at: Self.t)
        Self.pulse(translator)
        #expect(coils.pattern == 0b1001)
        #expect(translator.stateIndex == 7)
    }

    /// Between two full-step states the lines never hold three coils on, nor
    /// two opposite ones: the coil that goes off is written first.
    @Test func fullSteppingNeverPassesThroughAnIllegalState() throws {
        let coils = Coils()
        let translator = try UnipolarPhaseTranslator(coils: coils.lines, halfStep: false)
        translator.enable.set(true, at: Self.t)
        for direction in [true, false] {
            translator.direction.set(direction, at: Self.t)
            for _ in 0..<9 { Self.pulse(translator) }
        }
        let legal = Set(UnipolarPhaseTranslator.halfStepStates)
        for pattern in coils.patterns { #expect(legal.contains(pattern), "pattern \(String(pattern, radix: 2))") }
        #expect(coils.patterns.count > 30)
    }

    /// ENABLE low releases every coil; high brings back the state the count is on.
    @Test func releasingTurnsEveryCoilOffAndKeepsTheCount() throws {
        let coils = Coils()
        let translator = try UnipolarPhaseTranslator(coils: coils.lines, halfStep: true)
        translator.enable.set(true, at: Self.t)
        translator.direction.set(true, at: Self.t)
        for _ in 0..<3 { Self.pulse(translator) }
        #expect(coils.pattern == 0b0110)
        translator.enable.set(false, at: Self.t)
        #expect(coils.pattern == 0)
        translator.enable.set(true, at: Self.t)
        #expect(coils.pattern == 0b0110)
    }

    @Test func fourLinesOrNone() {
        #expect(throws: HardwareError.self) { _ = try UnipolarPhaseTranslator(coils: [], halfStep: true) }
    }
}
