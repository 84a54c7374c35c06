import Synchronization

/// One channel's bounded single-producer single-consumer queue of plans for
/// the busy-wait executor, in memory reserved at init. The loop thread fills
/// slots and publishes them with a release store of `tail`; the executor
/// thread reads them after an acquire load and frees them the same way through
/// `head`. Counters only grow; slot = counter % depth.
final class StepPlanQueue: @unchecked Sendable {
    let step: any DigitalOutput
    let direction: any DigitalOutput
    let depth: Int
    let stepCapacity: Int

    private let risingEdges: UnsafeMutablePointer<Int64>
    private let stepCounts: UnsafeMutablePointer<Int>
    private let directionChanges: UnsafeMutablePointer<Int64>
    private let directionLevels: UnsafeMutablePointer<Bool>
    private let pulseWidths: UnsafeMutablePointer<Int64>
    private let head = Atomic<Int>(0)
    private let tail = Atomic<Int>(0)
    /// Consumer-only: the next edge of the head slot (0 is DIR if the slot has one).
    private var cursor = 0

    private static let noDirectionChange = Int64.min

    init(step: any DigitalOutput, direction: any DigitalOutput, depth: Int, stepCapacity: Int) {
        self.step = step
        self.direction = direction
        self.depth = depth
        self.stepCapacity = stepCapacity
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
    }

    deinit {
        risingEdges.deallocate()
        stepCounts.deallocate()
        directionChanges.deallocate()
        directionLevels.deallocate()
        pulseWidths.deallocate()
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
        tail.store(produced + 1, ordering: .releasing)
        return true
    }

    var pendingPlans: Int { tail.load(ordering: .acquiring) - head.load(ordering: .acquiring) }

    // MARK: Consumer (executor thread)

    /// The instant of the next edge to write, or nil if nothing is queued.
    func nextEdgeInstant() -> Int64? {
        let consumed = head.load(ordering: .relaxed)
        guard consumed != tail.load(ordering: .acquiring) else { return nil }
        let slot = consumed % depth
        let hasDirection = directionChanges[slot] != Self.noDirectionChange
        if hasDirection && cursor == 0 { return directionChanges[slot] }
        let edge = cursor - (hasDirection ? 1 : 0)
        let rising = risingEdges[slot * stepCapacity + edge / 2]
        return edge % 2 == 0 ? rising : rising + pulseWidths[slot]
    }

    /// Writes the edge `nextEdgeInstant` announced; returns true when that finished a plan.
    func writeNextEdge(at instant: Int64) -> Bool {
        let consumed = head.load(ordering: .relaxed)
        let slot = consumed % depth
        let hasDirection = directionChanges[slot] != Self.noDirectionChange
        let at = MonotonicInstant(nanoseconds: instant)
        if hasDirection && cursor == 0 {
            direction.set(directionLevels[slot], at: at)
        } else {
            let edge = cursor - (hasDirection ? 1 : 0)
            step.set(edge % 2 == 0, at: at)
        }
        cursor += 1
        guard cursor == (hasDirection ? 1 : 0) + 2 * stepCounts[slot] else { return false }
        cursor = 0
        head.store(consumed + 1, ordering: .releasing)
        return true
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
