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
