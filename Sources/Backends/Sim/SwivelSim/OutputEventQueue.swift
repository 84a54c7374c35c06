/// A line or PWM change the stand has seen written but not yet applied,
/// because it takes effect at a later instant than the model has reached.
struct OutputEvent {
    enum Kind: UInt8 {
        /// A watched line went low or high; `value` is the line.
        case lineLow
        case lineHigh
        case pwmPeriod
        case pwmDuty
        case pwmEnabled
    }

    var instant: Int64
    /// Write order, so changes at the same instant apply as they were written
    /// (DIR before the STEP it sets up, with a zero setup time).
    var sequence: UInt64
    var axis: Int
    var kind: Kind
    var value: Int64
}

/// A bounded min-heap of output events by (instant, write order), in storage
/// reserved at init. Writes arrive nearly sorted per line but interleaved
/// across lines and axes, with future instants; the heap applies them in time.
struct OutputEventQueue {
    let capacity: Int
    private var heap: ContiguousArray<OutputEvent>
    private var nextSequence: UInt64 = 0
    private(set) var dropped: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        heap = []
        heap.reserveCapacity(self.capacity)
    }

    var earliestInstant: Int64? { heap.first?.instant }

    mutating func push(instant: Int64, axis: Int, kind: OutputEvent.Kind, value: Int64) {
        guard heap.count < capacity else {
            dropped &+= 1
            return
        }
        heap.append(OutputEvent(instant: instant, sequence: nextSequence, axis: axis, kind: kind, value: value))
        nextSequence &+= 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest event if it takes effect at or before `instant`.
    mutating func pop(dueBy instant: Int64) -> OutputEvent? {
        guard let first = heap.first, first.instant <= instant else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, Self.precedes(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, Self.precedes(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    private static func precedes(_ a: OutputEvent, _ b: OutputEvent) -> Bool {
        a.instant != b.instant ? a.instant < b.instant : a.sequence < b.sequence
    }
}
