import SwivelHardware
import SwivelTestSupport
import Testing

@Suite struct QuadratureEncoderTests {
    let clock = ManualClock()

    /// Drives `counts` x4 edges on A/B from count `from`, one edge per nanosecond from `start`.
    static func drive(_ chip: InMemoryGPIOChip, a: Int, b: Int, from: Int64, counts: Int64, start: Int64) throws {
        let phases: [(Bool, Bool)] = [(false, false), (true, false), (true, true), (false, true)]
        var count = from
        var instant = start
        let step: Int64 = counts >= 0 ? 1 : -1
        for _ in 0..<abs(counts) {
            let previous = phases[Int(count & 3)]
            count += step
            let next = phases[Int(count & 3)]
            instant += 1
            if previous.0 != next.0 {
                try chip.driveInput(line: a, high: next.0, at: ns(instant))
            } else {
                try chip.driveInput(line: b, high: next.1, at: ns(instant))
            }
        }
    }

    @Test func drainsEverythingInOrderAcrossLines() throws {
        let chip = try InMemoryGPIOChip(label: "mock", lineCount: 8, clock: clock, edgeEventCapacity: 4_096)
        let source = try chip.requestEdgeEvents(lines: [3, 4, 7], consumer: "pan encoder")
        let encoder = try QuadratureEncoder(
            source: source, lineA: 3, lineB: 4, countsPerRadian: 100, invert: false, eventBufferCapacity: 2)
        try Self.drive(chip, a: 3, b: 4, from: 0, counts: 10, start: 0)
        try chip.driveInput(line: 7, high: true, at: ns(50))
        try Self.drive(chip, a: 3, b: 4, from: 10, counts: -3, start: 100)
        // 14 events through a 2-event buffer: update must loop until empty.
        encoder.update()
        #expect(encoder.count == 7)
        #expect(encoder.foreignEvents == 1)
        #expect(encoder.illegalTransitions == 0)
        #expect(abs(encoder.positionRadians - 0.07) < 1e-12)
        try Self.drive(chip, a: 3, b: 4, from: 7, counts: 1_000, start: 200)
        encoder.update()
        #expect(encoder.count == 1_007)
    }

    @Test func invertedEncoderCountsBackwards() throws {
        let chip = try InMemoryGPIOChip(label: "mock", lineCount: 2, clock: clock)
        let source = try chip.requestEdgeEvents(lines: [0, 1], consumer: "tilt encoder")
        let encoder = try QuadratureEncoder(source: source, lineA: 0, lineB: 1, countsPerRadian: 10, invert: true)
        try Self.drive(chip, a: 0, b: 1, from: 0, counts: 5, start: 0)
        encoder.update()
        #expect(encoder.count == -5)
        #expect(abs(encoder.positionRadians + 0.5) < 1e-12)
    }

    @Test func startsFromTheCurrentLevels() throws {
        let chip = try InMemoryGPIOChip(label: "mock", lineCount: 2, clock: clock)
        try chip.driveInput(line: 0, high: true, at: .zero)
        try chip.driveInput(line: 1, high: true, at: .zero)
        let source = try chip.requestEdgeEvents(lines: [0, 1], consumer: "encoder")
        let encoder = try QuadratureEncoder(source: source, lineA: 0, lineB: 1, countsPerRadian: 10, invert: false)
        try Self.drive(chip, a: 0, b: 1, from: 2, counts: 1, start: 0)  // 11 → 01: forward
        encoder.update()
        #expect(encoder.count == 1)
        #expect(encoder.illegalTransitions == 0)
    }

    @Test func rebaseMovesTheOrigin() throws {
        let chip = try InMemoryGPIOChip(label: "mock", lineCount: 2, clock: clock)
        let source = try chip.requestEdgeEvents(lines: [0, 1], consumer: "encoder")
        let encoder = try QuadratureEncoder(source: source, lineA: 0, lineB: 1, countsPerRadian: 10, invert: false)
        try Self.drive(chip, a: 0, b: 1, from: 0, counts: 4, start: 0)
        encoder.update()
        try encoder.rebase(toRadians: 2)
        #expect(encoder.positionRadians == 2)
        try Self.drive(chip, a: 0, b: 1, from: 4, counts: -2, start: 10)
        encoder.update()
        #expect(abs(encoder.positionRadians - 1.8) < 1e-12)
        #expect(throws: MotionInputError.nonFiniteRadians) { try encoder.rebase(toRadians: .nan) }
        #expect(abs(encoder.positionRadians - 1.8) < 1e-12)
    }

    @Test func droppedEventsAreReported() throws {
        let chip = try InMemoryGPIOChip(label: "mock", lineCount: 2, clock: clock, edgeEventCapacity: 4)
        let source = try chip.requestEdgeEvents(lines: [0, 1], consumer: "encoder")
        let encoder = try QuadratureEncoder(source: source, lineA: 0, lineB: 1, countsPerRadian: 10, invert: false)
        try Self.drive(chip, a: 0, b: 1, from: 0, counts: 6, start: 0)
        encoder.update()
        #expect(encoder.droppedEvents == 2)
    }

    @Test func rejectsBadWiring() throws {
        let chip = try InMemoryGPIOChip(label: "mock", lineCount: 4, clock: clock)
        let source = try chip.requestEdgeEvents(lines: [0, 1], consumer: "encoder")
        #expect(throws: HardwareError.self) { try QuadratureEncoder(source: source, lineA: 0, lineB: 0, countsPerRadian: 1, invert: false) }
        #expect(throws: HardwareError.self) { try QuadratureEncoder(source: source, lineA: 0, lineB: 2, countsPerRadian: 1, invert: false) }
        #expect(throws: HardwareError.self) { try QuadratureEncoder(source: source, lineA: 0, lineB: 1, countsPerRadian: 0, invert: false) }
        #expect(throws: HardwareError.self) { try QuadratureEncoder(source: source, lineA: 0, lineB: 1, countsPerRadian: .nan, invert: false) }
    }
}
