#if os(Linux)
import SwivelHardware
@testable import SwivelLinux
import Testing

/// The real backend against the kernel's gpio-sim chips. Skipped where the
/// module or configfs is missing or we are not root (this build machine has
/// neither); `.enabled(if:)` prints the reason in the test log.
@Suite(.enabled(
    if: GPIOTestEnvironment.canMakeSimulatedChips,
    "needs root and the gpio-sim module with configfs at /sys/kernel/config/gpio-sim (modprobe gpio-sim)"))
struct GPIOSimIntegrationTests {
    @Test func outputsStartAtTheirInitialLevelAndFollowSet() throws {
        try withSimulatedChip(lineCount: 8) { sim, chip in
            #expect(chip.lineCount == 8)
            let step = try chip.requestOutputLine(line: 0, initialHigh: true, consumer: "swivel-step")
            let direction = try chip.requestOutputLine(line: 1, initialHigh: false, consumer: "swivel-dir")
            #expect(try sim.value(0))
            #expect(try !sim.value(1))
            step.set(false, at: .zero)
            direction.set(true, at: .zero)
            #expect(try !sim.value(0))
            #expect(try sim.value(1))
            step.set(true, at: .zero)
            #expect(try sim.value(0))
            #expect(step.failedWrites == 0)
            #expect(direction.failedWrites == 0)
        }
    }

    @Test func aHeldLineIsBusyAndNamesItsHolder() throws {
        try withSimulatedChip(lineCount: 8) { sim, chip in
            let held = try chip.requestOutput(line: 3, initialHigh: false, consumer: "swivel-holder")
            let busy = try withExtendedLifetime(held) {
                try #require(throws: HardwareError.self) {
                    try chip.requestOutput(line: 3, initialHigh: false, consumer: "swivel-second")
                }
            }
            #expect(busy.kind == .lineBusy)
            #expect(busy.reason.contains("already held by 'swivel-holder'"))
            let outOfRange = try #require(throws: HardwareError.self) {
                try chip.requestEdgeEvents(lines: [7, 8], consumer: "swivel-encoder")
            }
            #expect(outOfRange.kind == .lineOutOfRange)
        }
    }

    @Test func droppingALineReleasesIt() throws {
        try withSimulatedChip(lineCount: 4) { sim, chip in
            var first: GPIODOutputLine? = try chip.requestOutputLine(line: 2, initialHigh: false, consumer: "swivel-first")
            #expect(chip.consumer(of: 2) == "swivel-first")
            first = nil
            #expect(chip.consumer(of: 2) == nil)
            let again = try chip.requestOutputLine(line: 2, initialHigh: true, consumer: "swivel-again")
            let level = try withExtendedLifetime(again) { try sim.value(2) }
            #expect(level)
            #expect(first == nil)
        }
    }

    @Test func edgesOfAGroupComeOutInOrderWithKernelTimestamps() throws {
        try withSimulatedChip(lineCount: 8) { sim, chip in
            let source = try chip.requestEdgeEventSource(lines: [4, 5], consumer: "swivel-encoder")
            let clock = SystemMonotonicClock()
            let before = clock.now()
            try sim.pull(4, high: true)
            try sim.pull(5, high: true)
            try sim.pull(4, high: false)
            let events = try collect(3, from: source)
            let after = clock.now()

            #expect(events.map(\.line) == [4, 5, 4])
            #expect(events.map(\.rising) == [true, true, false])
            #expect(events.map(\.instant) == events.map(\.instant).sorted())
            #expect(events.allSatisfy { $0.instant >= before && $0.instant <= after })
            #expect(source.droppedEvents == 0)
            #expect(source.misorderedEvents == 0)
            #expect(try !source.currentLevel(of: 4))
            #expect(try source.currentLevel(of: 5))
        }
    }

    @Test func pullUpBiasRaisesAnIdleInput() throws {
        try withSimulatedChip(lineCount: 4) { sim, chip in
            let source = try chip.requestEdgeEventSource(lines: [1], consumer: "swivel-home", bias: .pullUp)
            #expect(try source.currentLevel(of: 1))
        }
    }

    @Test func quadratureEncoderCountsThroughTheRealBackend() throws {
        try withSimulatedChip(lineCount: 4) { sim, chip in
            let source = try chip.requestEdgeEventSource(lines: [0, 1], consumer: "swivel-encoder")
            let encoder = try QuadratureEncoder(source: source, lineA: 0, lineB: 1, countsPerRadian: 100, invert: false)
            // A leads B: one forward cycle is four counts.
            for (line, high) in [(0, true), (1, true), (0, false), (1, false)] {
                try sim.pull(line, high: high)
                _ = try source.waitForEvents(timeoutNanoseconds: 1_000_000_000)
                encoder.update()
            }
            #expect(encoder.count == 4)
            for (line, high) in [(1, true), (0, true), (1, false), (0, false)] {
                try sim.pull(line, high: high)
                _ = try source.waitForEvents(timeoutNanoseconds: 1_000_000_000)
                encoder.update()
            }
            #expect(encoder.count == 0)
            #expect(encoder.illegalTransitions == 0)
            #expect(encoder.droppedEvents == 0)
        }
    }

    /// The chip is closed (its lines dropped with the body's locals) before
    /// the simulated device is taken down.
    private func withSimulatedChip(lineCount: Int, _ body: (SimulatedGPIOChip, GPIODChip) throws -> Void) throws {
        let sim = try SimulatedGPIOChip(lineCount: lineCount)
        try withExtendedLifetime(sim) {
            try body(sim, try GPIODChip.open(label: sim.label))
        }
    }

    /// Edges reach the FIFO through the simulator's irq work, a moment after
    /// the pull: wait for them, up to a second each, never forever.
    private func collect(_ wanted: Int, from source: GPIODEdgeEventSource) throws -> [EdgeEvent] {
        let buffer = UnsafeMutableBufferPointer<EdgeEvent>.allocate(capacity: 16)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: EdgeEvent(instant: .zero, line: 0, rising: false))
        var events: [EdgeEvent] = []
        while events.count < wanted {
            guard try source.waitForEvents(timeoutNanoseconds: 1_000_000_000) else { break }
            let count = source.drainEvents(into: buffer)
            events.append(contentsOf: buffer.prefix(count))
        }
        return events
    }
}
#endif
