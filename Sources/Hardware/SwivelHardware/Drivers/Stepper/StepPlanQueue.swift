import Synchronization

/// One channel's bounded single-producer single-consumer queue of plans for
/// the busy-wait executor, in memory reserved at init. The loop thread fills
/// slots and publishes them with a release store of `tail`; the executor
/// thread reads them after an acquire load and frees them the same way through
/// `head`. Counters only grow; slot = counter % depth.
///
/// Lateness (see `StepExecutor`): the consumer drops a plan whose next step
/// would start past the tolerance, latches the fault and drops every plan
/// after it until the producer clears it. The fault's fields and the dropped
/// count are stored before the latch is released, so a producer that sees the
/// latch sees them.
///
/// ENABLE changes have a ring of their own (same depth, same protocol) and are
/// merged with the plan's edges by instant: at one instant an enable goes
/// before the step edges, a disable after them.
final class StepPlanQueue: @unchecked Sendable {
    let step: any DigitalOutput
    let direction: any DigitalOutput
    let enable: (any DigitalOutput)?
    let enableActiveLow: Bool
    let depth: Int
    let stepCapacity: Int
    let latenessToleranceNanoseconds: Int64

    private let risingEdges: UnsafeMutablePointer<Int64>
    private let stepCounts: UnsafeMutablePointer<Int>
    private let directionChanges: UnsafeMutablePointer<Int64>
    private let directionLevels: UnsafeMutablePointer<Bool>
    private let pulseWidths: UnsafeMutablePointer<Int64>
    private let directionSetups: UnsafeMutablePointer<Int64>
    /// +1 or −1: how each step of the slot moves the microstep count.
    private let stepSigns: UnsafeMutablePointer<Int64>
    private let head = Atomic<Int>(0)
    private let tail = Atomic<Int>(0)
    private let enableInstants: UnsafeMutablePointer<Int64>
    private let enableStates: UnsafeMutablePointer<Bool>
    private let enableHead = Atomic<Int>(0)
    private let enableTail = Atomic<Int>(0)
    private let faultLatched = Atomic<Bool>(false)
    private let faultLateness = Atomic<Int64>(0)
    private let faultPlanned = Atomic<Int64>(0)
    private let dropped = Atomic<Int64>(0)
    /// Plans (or their remainders) dropped for lateness.
    let droppedPlans = Atomic<UInt64>(0)
    /// Consumer-only: the next edge of the head slot (0 is DIR if the slot has one).
    private var cursor = 0
    /// Consumer-only: when this channel's edges really took effect.
    private var timing = StepLineTiming()

    /// The next edge to write: what it is, when the plan put it, and the
    /// earliest it may be written given what the lines have done so far.
    struct PendingEdge {
        var kind: StepEdge
        var planned: Int64
        var earliest: Int64
        /// The channel's fault is latched: the plan is dropped, not written.
        var dropsPlan = false
    }

    /// What `write` did.
    enum WriteOutcome {
        case wrote
        case finishedPlan
        case droppedPlan
    }

    private static let noDirectionChange = Int64.min

    init(
        step: any DigitalOutput, direction: any DigitalOutput, enable: (any DigitalOutput)?, enableActiveLow: Bool,
        depth: Int, stepCapacity: Int, latenessToleranceNanoseconds: Int64
    ) {
        self.step = step
        self.direction = direction
        self.enable = enable
        self.enableActiveLow = enableActiveLow
        self.depth = depth
        self.stepCapacity = stepCapacity
        self.latenessToleranceNanoseconds = latenessToleranceNanoseconds
        risingEdges = .allocate(capacity: depth * stepCapacity)
        risingEdges.initialize(repeating: 0, count: depth * stepCapacity)
        stepCounts = .allocate(capacity: depth)
        stepCounts.initialize(repeating: 0, count: depth)
        directionChanges = .allocate(capacity: depth)
        directionChanges.initialize(repeating: Self.noDirectionChange, count: depth)
        directionLevels = .allocate(capacity: depth)
        directionLevels.initialize(repeating: false, count: depth)
        pulseWidths = .allocate(capacity: depth)
        pulseWidths.initialize(repeating: 0, count: depth)
        directionSetups = .allocate(capacity: depth)
        directionSetups.initialize(repeating: 0, count: depth)
        stepSigns = .allocate(capacity: depth)
        stepSigns.initialize(repeating: 1, count: depth)
        enableInstants = .allocate(capacity: depth)
        enableInstants.initialize(repeating: 0, count: depth)
        enableStates = .allocate(capacity: depth)
        enableStates.initialize(repeating: false, count: depth)
    }

    deinit {
        risingEdges.deallocate()
        stepCounts.deallocate()
        directionChanges.deallocate()
        directionLevels.deallocate()
        pulseWidths.deallocate()
        directionSetups.deallocate()
        stepSigns.deallocate()
        enableInstants.deallocate()
        enableStates.deallocate()
    }

    // MARK: Producer (loop thread)

    /// Copies `plan` into a free slot; false if the queue is full or the plan too big.
    func push(_ plan: StepPlan) -> Bool {
        guard plan.stepCount <= stepCapacity else { return false }
        let produced = tail.load(ordering: .relaxed)
        let consumed = head.load(ordering: .acquiring)
        guard produced - consumed < depth else { return false }
        let slot = produced % depth
        let base = risingEdges + slot * stepCapacity
        for (index, instant) in plan.risingEdges.enumerated() {
            base[index] = instant.nanoseconds
        }
        stepCounts[slot] = plan.stepCount
        directionChanges[slot] = plan.directionChange?.nanoseconds ?? Self.noDirectionChange
        directionLevels[slot] = plan.directionLevel
        pulseWidths[slot] = plan.pulseWidthNanoseconds
        directionSetups[slot] = plan.directionSetupNanoseconds
        stepSigns[slot] = plan.direction == .positive ? 1 : -1
        tail.store(produced + 1, ordering: .releasing)
        return true
    }

    /// Queues an ENABLE change (true energises); false if its ring is full.
    func pushEnable(_ enabled: Bool, at instant: Int64) -> Bool {
        let produced = enableTail.load(ordering: .relaxed)
        guard produced - enableHead.load(ordering: .acquiring) < depth else { return false }
        enableInstants[produced % depth] = instant
        enableStates[produced % depth] = enabled
        enableTail.store(produced + 1, ordering: .releasing)
        return true
    }

    var pendingPlans: Int { tail.load(ordering: .acquiring) - head.load(ordering: .acquiring) }
    /// Plans pushed so far; producer side.
    var acceptedPlans: UInt64 { UInt64(tail.load(ordering: .relaxed)) }
    /// Plans written whole or dropped so far: the executor is done with them.
    var finishedPlans: UInt64 { UInt64(head.load(ordering: .acquiring)) }

    var lateFault: StepLateFault? {
        guard faultLatched.load(ordering: .acquiring) else { return nil }
        return StepLateFault(
            latenessNanoseconds: faultLateness.load(ordering: .relaxed),
            plannedInstant: MonotonicInstant(nanoseconds: faultPlanned.load(ordering: .relaxed)),
            toleranceNanoseconds: latenessToleranceNanoseconds)
    }

    var droppedMicrosteps: Int64 { dropped.load(ordering: .acquiring) }

    func clearLateFault() { faultLatched.store(false, ordering: .releasing) }

    // MARK: Consumer (executor thread)

    /// The next edge to write, or nil if nothing is queued: the next ENABLE
    /// change or the next plan edge, whichever is due first.
    func nextEdge() -> PendingEdge? {
        let stepEdge = nextPlanEdge()
        let changed = enableHead.load(ordering: .relaxed)
        guard changed != enableTail.load(ordering: .acquiring) else { return stepEdge }
        let instant = enableInstants[changed % depth]
        if let stepEdge, stepEdge.earliest < instant || (stepEdge.earliest == instant && !enableStates[changed % depth]) {
            return stepEdge
        }
        return PendingEdge(kind: .enable, planned: instant, earliest: instant)
    }

    private func nextPlanEdge() -> PendingEdge? {
        let consumed = head.load(ordering: .relaxed)
        guard consumed != tail.load(ordering: .acquiring) else { return nil }
        let slot = consumed % depth
        let hasDirection = directionChanges[slot] != Self.noDirectionChange
        let kind: StepEdge
        let planned: Int64
        if hasDirection && cursor == 0 {
            kind = .direction
            planned = directionChanges[slot]
        } else {
            let edge = cursor - (hasDirection ? 1 : 0)
            let rising = risingEdges[slot * stepCapacity + edge / 2]
            kind = edge % 2 == 0 ? .rise : .fall
            planned = edge % 2 == 0 ? rising : rising &+ pulseWidths[slot]
        }
        // Latched: the plan goes at once, whenever it was planned for.
        if cursor == 0, faultLatched.load(ordering: .acquiring) {
            return PendingEdge(kind: kind, planned: planned, earliest: .min, dropsPlan: true)
        }
        let earliest = timing.earliest(
            kind, planned: planned, pulseWidthNanoseconds: pulseWidths[slot],
            directionSetupNanoseconds: directionSetups[slot])
        return PendingEdge(kind: kind, planned: planned, earliest: earliest)
    }

    /// Writes `edge`, which `nextEdge` announced and which is due (the clock
    /// has reached its `earliest`), and records when it took effect: at the
    /// latest when the write returned, so that is the clock read after it.
    /// The line is given the planned instant (real lines ignore it; a mock
    /// chip logs it beside the write's own time).
    ///
    /// A DIR change or a rising edge that would go out past the tolerance is
    /// not written: the plan's remaining steps are dropped and the fault latched.
    func write(_ edge: PendingEdge, clock: any MonotonicClock) -> WriteOutcome {
        if edge.kind == .enable {
            if writeEnable() { timing.recordEnabled(at: clock.now().nanoseconds) }
            return .wrote
        }
        let consumed = head.load(ordering: .relaxed)
        let slot = consumed % depth
        let at = MonotonicInstant(nanoseconds: edge.planned)
        switch edge.kind {
        case .direction, .rise:
            let lateness = clock.now().nanoseconds &- edge.planned
            if edge.dropsPlan || lateness > latenessToleranceNanoseconds {
                dropRest(of: slot, consumed: consumed, latching: edge.dropsPlan ? nil : (lateness, edge.planned))
                return .droppedPlan
            }
            if edge.kind == .direction {
                direction.set(directionLevels[slot], at: at)
            } else {
                step.set(true, at: at)
            }
        case .fall:
            step.set(false, at: at)
        case .enable:
            break
        }
        timing.record(edge.kind, at: clock.now().nanoseconds)
        cursor += 1
        let hasDirection = directionChanges[slot] != Self.noDirectionChange
        guard cursor == (hasDirection ? 1 : 0) + 2 * stepCounts[slot] else { return .wrote }
        cursor = 0
        head.store(consumed + 1, ordering: .releasing)
        return .finishedPlan
    }

    /// Frees the head slot without writing the rest of it (the cursor is at a
    /// step's start: the STEP line is low), counting its unwritten steps, and
    /// latches the fault when `latching` says how late the edge was.
    private func dropRest(of slot: Int, consumed: Int, latching: (lateness: Int64, planned: Int64)?) {
        let hasDirection = directionChanges[slot] != Self.noDirectionChange
        let edge = cursor - (hasDirection ? 1 : 0)
        let written = edge > 0 ? edge / 2 : 0
        dropped.add(stepSigns[slot] &* Int64(stepCounts[slot] - written), ordering: .relaxed)
        droppedPlans.add(1, ordering: .relaxed)
        cursor = 0
        // The latch before the slot is freed: a producer that sees the plan
        // done (`finishedPlans`) sees why it was dropped.
        if let latching {
            faultLateness.store(latching.lateness, ordering: .relaxed)
            faultPlanned.store(latching.planned, ordering: .relaxed)
            faultLatched.store(true, ordering: .releasing)
        }
        head.store(consumed + 1, ordering: .releasing)
    }

    /// Writes the oldest queued ENABLE change and frees its slot; returns
    /// whether it energised the driver.
    @discardableResult
    private func writeEnable() -> Bool {
        let changed = enableHead.load(ordering: .relaxed)
        let slot = changed % depth
        let enabled = enableStates[slot]
        enable?.set(enabled != enableActiveLow, at: MonotonicInstant(nanoseconds: enableInstants[slot]))
        enableHead.store(changed + 1, ordering: .releasing)
        return enabled
    }

    /// Writes every queued ENABLE change at once, in order; only while no
    /// executor thread runs (its plans are being discarded, but a disable
    /// must never be lost). Returns how many.
    func flushEnables() -> Int {
        var flushed = 0
        while enableHead.load(ordering: .relaxed) != enableTail.load(ordering: .acquiring) {
            writeEnable()
            flushed += 1
        }
        return flushed
    }

    /// Forgets every queued plan; only while no executor thread runs.
    func discardAll() -> Int {
        let produced = tail.load(ordering: .acquiring)
        let discarded = produced - head.load(ordering: .relaxed)
        head.store(produced, ordering: .releasing)
        cursor = 0
        return discarded
    }
}
