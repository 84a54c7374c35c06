/// A fixed-capacity ring that keeps the newest `capacity` entries and counts
/// the ones it had to forget. Storage is reserved up front so recording never
/// allocates once the ring is full or while it fills.
struct BoundedLog<Element> {
    let capacity: Int
    private var storage: ContiguousArray<Element>
    /// Index of the oldest entry once the ring has wrapped.
    private var oldest = 0
    private(set) var overflowed: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        storage = []
        storage.reserveCapacity(self.capacity)
    }

    var count: Int { storage.count }

    mutating func append(_ element: Element) {
        if capacity == 0 {
            overflowed &+= 1
        } else if storage.count < capacity {
            storage.append(element)
        } else {
            storage[oldest] = element
            oldest = (oldest + 1) % capacity
            overflowed &+= 1
        }
    }

    /// Oldest first. Allocates: for tests and diagnostics, not for a tick.
    func elements() -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(storage.count)
        for index in 0..<storage.count {
            result.append(storage[(oldest + index) % storage.count])
        }
        return result
    }

    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        oldest = 0
    }
}
