/// A GPIO chip in memory: the same drivers that run on libgpiod lines run on
/// it in tests and in simulation, with a physical model on the other side.
///
/// Outputs: every level change is logged with the instant it takes effect
/// (bounded ring; `overflowedTransitions` counts what it forgot) and handed to
/// the output observers, which is how the simulated stand sees STEP/DIR/ENABLE.
/// That instant is the write's own (`WriteTiming.stamped`, for virtual-time
/// executors) or the moment of the write (`.immediate`, as real lines).
/// Inputs: a model or a test calls `driveInput`; a change becomes an
/// `EdgeEvent` in the ring of the edge request that holds the line.
///
/// Not Sendable and not locked: the chip, its lines and its observers belong
/// to one thread at a time (the loop thread in the runtime, the test's thread
/// in tests). Handing the lines to another thread (a busy-wait executor) is
/// fine as long as nothing else touches the chip until that thread is joined.
public final class InMemoryGPIOChip: GPIOChip {
    /// When an output write takes effect.
    public enum WriteTiming: Sendable {
        /// At the write's `at:` instant: lines for a virtual-time executor,
        /// which writes ahead of time (`InstantStepExecutor`).
        case stamped
        /// When the write is made (the chip's clock then), whatever `at:`
        /// says: the kernel's lines, on which a busy-waiting executor must be
        /// awake at an edge's instant to place it there.
        case immediate
    }

    public let label: String
    public let lineCount: Int
    public let clock: any MonotonicClock
    public let writeTiming: WriteTiming

    /// Runs before an edge request drains its events or reads a level, so a
    /// physical model can integrate up to `clock.now()` first and the reader
    /// sees the present, not the last time the model happened to run.
    public var beforeInputRead: (() -> Void)?

    enum Holder {
        case free
        case output(consumer: String)
        case edges(EdgeEventRing, consumer: String)
    }

    struct LineState {
        var level = false
        var holder = Holder.free
        var lastWriteInstant: MonotonicInstant?
        var writeCount = 0
    }

    private var lineStates: [LineState]
    private var log: BoundedLog<LineTransition>
    private var observers: [(Int, Bool, MonotonicInstant) -> Void] = []
    private let edgeEventCapacity: Int
    /// Writes whose instant was earlier than the previous write on the same
    /// line, which breaks the `DigitalOutput` contract.
    public private(set) var outOfOrderWrites: UInt64 = 0

    public init(
        label: String, lineCount: Int, clock: any MonotonicClock,
        transitionLogCapacity: Int = 65_536, edgeEventCapacity: Int = 1_024, writeTiming: WriteTiming = .stamped
    ) throws(HardwareError) {
        guard lineCount > 0 else {
            throw HardwareError(.invalidConfiguration, "mock chip '\(label)' needs at least one line, got \(lineCount)")
        }
        guard transitionLogCapacity >= 0 else {
            throw HardwareError(.invalidConfiguration, "mock chip '\(label)' transition log capacity \(transitionLogCapacity) is negative")
        }
        guard edgeEventCapacity > 0 else {
            throw HardwareError(.invalidConfiguration, "mock chip '\(label)' edge event capacity must be positive, got \(edgeEventCapacity)")
        }
        self.label = label
        self.lineCount = lineCount
        self.clock = clock
        self.edgeEventCapacity = edgeEventCapacity
        self.writeTiming = writeTiming
        lineStates = Array(repeating: LineState(), count: lineCount)
        log = BoundedLog(capacity: transitionLogCapacity)
    }

    // MARK: GPIOChip

    public func requestOutput(line: Int, initialHigh: Bool, consumer: String) throws(HardwareError) -> any DigitalOutput {
        try checkFree(line, for: consumer)
        lineStates[line].holder = .output(consumer: consumer)
        let now = clock.now()
        write(line: line, high: initialHigh, at: now)
        return InMemoryOutputLine(chip: self, line: line)
    }

    public func requestEdgeEvents(lines: [Int], consumer: String) throws(HardwareError) -> any EdgeEventSource {
        guard !lines.isEmpty else {
            throw HardwareError(.invalidConfiguration, "\(consumer) asked chip '\(label)' for edge events on no lines")
        }
        for (index, line) in lines.enumerated() {
            if lines[..<index].contains(line) {
                throw HardwareError(.invalidConfiguration, "\(consumer) listed line \(line) of chip '\(label)' twice")
            }
            try checkFree(line, for: consumer)
        }
        let ring = EdgeEventRing(capacity: edgeEventCapacity)
        for line in lines {
            lineStates[line].holder = .edges(ring, consumer: consumer)
        }
        return InMemoryEdgeEventSource(chip: self, lines: lines, ring: ring)
    }

    private func checkFree(_ line: Int, for consumer: String) throws(HardwareError) {
        guard line >= 0, line < lineCount else {
            throw HardwareError(.lineOutOfRange, "\(consumer) asked for line \(line) but chip '\(label)' has lines 0...\(lineCount - 1)")
        }
        switch lineStates[line].holder {
        case .free:
            return
        case .output(let holder), .edges(_, let holder):
            throw HardwareError(.lineBusy, "\(consumer) asked for line \(line) of chip '\(label)', already held by \(holder)")
        }
    }

    // MARK: Outputs

    /// `body(line, high, instant)` runs on every output level change, in write order.
    public func addOutputObserver(_ body: @escaping (Int, Bool, MonotonicInstant) -> Void) {
        observers.append(body)
    }

    func write(line: Int, high: Bool, at stamp: MonotonicInstant) {
        let writtenAt = clock.now()
        let instant = writeTiming == .stamped ? stamp : writtenAt
        // Field by field, in place: copying the whole state out and back would
        // retain and release its holder's consumer string on every step edge.
        if let last = lineStates[line].lastWriteInstant, instant < last { outOfOrderWrites &+= 1 }
        lineStates[line].lastWriteInstant = instant
        lineStates[line].writeCount += 1
        let changed = lineStates[line].level != high || lineStates[line].writeCount == 1
        lineStates[line].level = high
        guard changed else { return }
        log.append(LineTransition(line: line, high: high, instant: instant, writtenAt: writtenAt))
        for observer in observers { observer(line, high, instant) }
    }

    func release(line: Int) {
        guard line >= 0, line < lineCount else { return }
        lineStates[line].holder = .free
    }

    /// The level last written to or driven on `line` (in effect from the instant
    /// of that write on), or nil if the chip has no such line.
    public func outputLevel(line: Int) -> Bool? {
        guard line >= 0, line < lineCount else { return nil }
        return lineStates[line].level
    }

    /// How many times `line` was written, including writes that kept its level.
    public func writeCount(line: Int) -> Int {
        guard line >= 0, line < lineCount else { return 0 }
        return lineStates[line].writeCount
    }

    /// Logged level changes of `line`, oldest first (the request's initial
    /// level counts as the first). Allocates: for tests and diagnostics.
    public func transitions(onLine line: Int) -> [LineTransition] {
        log.elements().filter { $0.line == line }
    }

    /// Every logged level change, oldest first.
    public func allTransitions() -> [LineTransition] { log.elements() }

    /// Transitions the log had to forget because it was full.
    public var overflowedTransitions: UInt64 { log.overflowed }

    public func clearTransitionLog() { log.removeAll() }

    // MARK: Inputs

    /// Sets the level of input `line` as a model or test sees it. A change
    /// becomes an edge event of the request holding the line, stamped `instant`.
    /// Fails for a line the chip does not have or one held as an output.
    public func driveInput(line: Int, high: Bool, at instant: MonotonicInstant) throws(HardwareError) {
        guard line >= 0, line < lineCount else {
            throw HardwareError(.lineOutOfRange, "cannot drive line \(line): chip '\(label)' has lines 0...\(lineCount - 1)")
        }
        if case .output(let holder) = lineStates[line].holder {
            throw HardwareError(.lineBusy, "cannot drive line \(line) of chip '\(label)': it is an output of \(holder)")
        }
        guard lineStates[line].level != high else { return }
        lineStates[line].level = high
        if case .edges(let ring, _) = lineStates[line].holder {
            ring.push(EdgeEvent(instant: instant, line: line, rising: high))
        }
    }

    func inputLevel(line: Int) -> Bool {
        guard line >= 0, line < lineCount else { return false }
        return lineStates[line].level
    }
}

/// An output line of a `InMemoryGPIOChip`. Holds the chip (not the other way
/// round) so dropping the line releases it, as closing a request fd does.
final class InMemoryOutputLine: DigitalOutput {
    private let chip: InMemoryGPIOChip
    let line: Int

    init(chip: InMemoryGPIOChip, line: Int) {
        self.chip = chip
        self.line = line
    }

    func set(_ high: Bool, at instant: MonotonicInstant) {
        chip.write(line: line, high: high, at: instant)
    }

    deinit { chip.release(line: line) }
}

/// One level change of a mock output line, as the test and the physical model see it.
public struct LineTransition: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var high: Bool
    /// When the change takes effect: the `at:` of the write on a
    /// `.stamped` chip, `writtenAt` on an `.immediate` one.
    public var instant: MonotonicInstant
    /// What the chip's clock read when the write was made. Ahead of `instant`
    /// for a virtual-time executor, at or after it for a busy-wait executor.
    public var writtenAt: MonotonicInstant

    public init(line: Int, high: Bool, instant: MonotonicInstant, writtenAt: MonotonicInstant) {
        self.line = line
        self.high = high
        self.instant = instant
        self.writtenAt = writtenAt
    }

    public var description: String { "line \(line) \(high ? "high" : "low") at \(instant)" }
}
