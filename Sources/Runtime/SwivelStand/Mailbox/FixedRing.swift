/// A first-in first-out queue with a capacity fixed at init. Pushing and
/// popping never allocate, so the real-time thread may use it.
struct FixedRing<Element> {
    private var slots: ContiguousArray<Element?>
    private var head = 0
    private(set) var count = 0

    init(capacity: Int) {
        slots = ContiguousArray(repeating: nil, count: max(capacity, 1))
    }

    var capacity: Int { slots.count }
    var isEmpty: Bool { count == 0 }
    var isFull: Bool { count == slots.count }

    /// False (and nothing stored) when full.
    mutating func push(_ element: Element) -> Bool {
        guard count < slots.count else { return false }
        slots[(head + count) % slots.count] = element
        count += 1
        return true
    }

    mutating func pop() -> Element? {
        guard count > 0 else { return nil }
        let element = slots[head]
        slots[head] = nil
        head = (head + 1) % slots.count
        count -= 1
        return element
    }
}
