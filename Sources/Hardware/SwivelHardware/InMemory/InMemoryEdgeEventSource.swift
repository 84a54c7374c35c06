/// An edge request on a `InMemoryGPIOChip`: one FIFO for all its lines, so events
/// come out in the order the model produced them.
final class InMemoryEdgeEventSource: EdgeEventSource {
    private let chip: InMemoryGPIOChip
    let lines: [Int]
    private let ring: EdgeEventRing

    init(chip: InMemoryGPIOChip, lines: [Int], ring: EdgeEventRing) {
        self.chip = chip
        self.lines = lines
        self.ring = ring
    }

    func level(of line: Int) -> Bool {
        chip.beforeInputRead?()
        return chip.inputLevel(line: line)
    }

    func drainEvents(into buffer: UnsafeMutableBufferPointer<EdgeEvent>) -> Int {
        chip.beforeInputRead?()
        return ring.drain(into: buffer)
    }

    var droppedEvents: UInt64 { ring.dropped }

    deinit {
        for line in lines { chip.release(line: line) }
    }
}

/// The pending events of one mock edge request. Like the kernel's line-request
/// FIFO it keeps the newest events when full and counts the ones it dropped.
final class EdgeEventRing {
    let capacity: Int
    private var storage: ContiguousArray<EdgeEvent>
    private var head = 0
    private(set) var count = 0
    private(set) var dropped: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        storage = ContiguousArray(
            repeating: EdgeEvent(instant: .zero, line: 0, rising: false), count: self.capacity)
    }

    func push(_ event: EdgeEvent) {
        if count == capacity {
            head = (head + 1) % capacity
            count -= 1
            dropped &+= 1
        }
        storage[(head + count) % capacity] = event
        count += 1
    }

    func drain(into buffer: UnsafeMutableBufferPointer<EdgeEvent>) -> Int {
        let moved = min(count, buffer.count)
        for index in 0..<moved {
            buffer[index] = storage[(head + index) % capacity]
        }
        head = (head + moved) % capacity
        count -= moved
        return moved
    }
}
