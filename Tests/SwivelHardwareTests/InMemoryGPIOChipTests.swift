import SwivelHardware
import SwivelTestSupport
import Testing

@Suite struct InMemoryGPIOChipTests {
    let clock = ManualClock()

    func makeChip(logCapacity: Int = 1_024, edgeCapacity: Int = 64) throws -> InMemoryGPIOChip {
        try InMemoryGPIOChip(label: "mock", lineCount: 8, clock: clock, transitionLogCapacity: logCapacity, edgeEventCapacity: edgeCapacity)
    }

    @Test func rejectsBadConstruction() {
        #expect(throws: HardwareError.self) { try InMemoryGPIOChip(label: "x", lineCount: 0, clock: clock) }
        #expect(throws: HardwareError.self) { try InMemoryGPIOChip(label: "x", lineCount: 4, clock: clock, transitionLogCapacity: -1) }
    }

    @Test func aLineIsHeldOnce() throws {
        let chip = try makeChip()
        let line = try chip.requestOutput(line: 3, initialHigh: false, consumer: "step")
        let again = #expect(throws: HardwareError.self) { try chip.requestOutput(line: 3, initialHigh: true, consumer: "other") }
        #expect(again?.kind == .lineBusy)
        let asInput = #expect(throws: HardwareError.self) { try chip.requestEdgeEvents(lines: [2, 3], consumer: "encoder") }
        #expect(asInput?.kind == .lineBusy)
        // The failed group request must not have kept line 2.
        _ = try chip.requestOutput(line: 2, initialHigh: false, consumer: "dir")
        withExtendedLifetime(line) {}
    }

    @Test func droppingALineReleasesIt() throws {
        let chip = try makeChip()
        var line: (any DigitalOutput)? = try chip.requestOutput(line: 1, initialHigh: false, consumer: "a")
        #expect(line != nil)
        line = nil
        _ = try chip.requestOutput(line: 1, initialHigh: true, consumer: "b")
    }

    @Test func outOfRangeLinesAreRefused() throws {
        let chip = try makeChip()
        for bad in [-1, 8, 100] {
            let error = #expect(throws: HardwareError.self) { try chip.requestOutput(line: bad, initialHigh: false, consumer: "t") }
            #expect(error?.kind == .lineOutOfRange)
        }
        let edges = #expect(throws: HardwareError.self) { try chip.requestEdgeEvents(lines: [0, 8], consumer: "t") }
        #expect(edges?.kind == .lineOutOfRange)
        let drive = #expect(throws: HardwareError.self) { try chip.driveInput(line: 9, high: true, at: .zero) }
        #expect(drive?.kind == .lineOutOfRange)
        let duplicate = #expect(throws: HardwareError.self) { try chip.requestEdgeEvents(lines: [4, 4], consumer: "t") }
        #expect(duplicate?.kind == .invalidConfiguration)
    }

    @Test func transitionsAreLoggedWithTheirInstants() throws {
        let chip = try makeChip()
        clock.set(ns(100))
        let line = try chip.requestOutput(line: 5, initialHigh: false, consumer: "step")
        line.set(true, at: ns(1_000))
        line.set(true, at: ns(1_500))  // no change: counted as a write, not a transition
        line.set(false, at: ns(3_000))
        #expect(chip.transitions(onLine: 5) == [
            LineTransition(line: 5, high: false, instant: ns(100), writtenAt: ns(100)),
            LineTransition(line: 5, high: true, instant: ns(1_000), writtenAt: ns(100)),
            LineTransition(line: 5, high: false, instant: ns(3_000), writtenAt: ns(100)),
        ])
        #expect(chip.writeCount(line: 5) == 4)
        #expect(chip.outputLevel(line: 5) == false)
        #expect(chip.outOfOrderWrites == 0)
        line.set(true, at: ns(2_000))
        #expect(chip.outOfOrderWrites == 1)
    }

    @Test func aFullLogKeepsTheNewestAndCountsTheRest() throws {
        let chip = try makeChip(logCapacity: 4)
        let line = try chip.requestOutput(line: 0, initialHigh: false, consumer: "step")
        for index in 1...9 {
            line.set(index % 2 == 1, at: ns(Int64(index)))
        }
        // 10 transitions (the initial level included) into 4 slots.
        #expect(chip.overflowedTransitions == 6)
        #expect(chip.transitions(onLine: 0).map(\.instant) == [ns(6), ns(7), ns(8), ns(9)])
    }

    @Test func observersSeeEveryChange() throws {
        let chip = try makeChip()
        var seen: [String] = []
        chip.addOutputObserver { line, high, instant in seen.append("\(line):\(high):\(instant.nanoseconds)") }
        let line = try chip.requestOutput(line: 2, initialHigh: true, consumer: "enable")
        line.set(false, at: ns(10))
        line.set(false, at: ns(20))
        #expect(seen == ["2:true:0", "2:false:10"])
    }

    @Test func drivenInputsBecomeOrderedEdgeEvents() throws {
        let chip = try makeChip()
        let source = try chip.requestEdgeEvents(lines: [6, 1, 4], consumer: "encoders")
        try chip.driveInput(line: 1, high: true, at: ns(10))
        try chip.driveInput(line: 6, high: true, at: ns(20))
        try chip.driveInput(line: 6, high: true, at: ns(25))  // no change, no event
        try chip.driveInput(line: 4, high: true, at: ns(30))
        try chip.driveInput(line: 1, high: false, at: ns(40))
        try chip.driveInput(line: 7, high: true, at: ns(50))  // not in the request
        let buffer = UnsafeMutableBufferPointer<EdgeEvent>.allocate(capacity: 3)
        defer { buffer.deallocate() }
        var events: [EdgeEvent] = []
        while true {
            let count = source.drainEvents(into: buffer)
            if count == 0 { break }
            events += buffer[0..<count]
        }
        #expect(events == [
            EdgeEvent(instant: ns(10), line: 1, rising: true),
            EdgeEvent(instant: ns(20), line: 6, rising: true),
            EdgeEvent(instant: ns(30), line: 4, rising: true),
            EdgeEvent(instant: ns(40), line: 1, rising: false),
        ])
        #expect(source.level(of: 6) == true)
        #expect(source.level(of: 1) == false)
        #expect(source.droppedEvents == 0)
    }

    @Test func aFullEventRingDropsTheOldestAndCounts() throws {
        let chip = try makeChip(edgeCapacity: 4)
        let source = try chip.requestEdgeEvents(lines: [0], consumer: "encoder")
        for index in 1...6 {
            try chip.driveInput(line: 0, high: index % 2 == 1, at: ns(Int64(index)))
        }
        let buffer = UnsafeMutableBufferPointer<EdgeEvent>.allocate(capacity: 8)
        defer { buffer.deallocate() }
        let count = source.drainEvents(into: buffer)
        #expect(source.droppedEvents == 2)
        #expect(buffer[0..<count].map(\.instant) == [ns(3), ns(4), ns(5), ns(6)])
    }

    @Test func drivingAnOutputLineIsRefused() throws {
        let chip = try makeChip()
        let line = try chip.requestOutput(line: 3, initialHigh: false, consumer: "step")
        let error = #expect(throws: HardwareError.self) { try chip.driveInput(line: 3, high: true, at: .zero) }
        #expect(error?.kind == .lineBusy)
        withExtendedLifetime(line) {}
    }

    @Test func inputReadsRunTheHookFirst() throws {
        let chip = try makeChip()
        let source = try chip.requestEdgeEvents(lines: [0], consumer: "encoder")
        var calls = 0
        chip.beforeInputRead = {
            calls += 1
            try? chip.driveInput(line: 0, high: true, at: ns(Int64(calls)))
        }
        #expect(source.level(of: 0) == true)
        let buffer = UnsafeMutableBufferPointer<EdgeEvent>.allocate(capacity: 4)
        defer { buffer.deallocate() }
        #expect(source.drainEvents(into: buffer) == 1)
        #expect(calls == 2)
        chip.beforeInputRead = nil
    }
}
