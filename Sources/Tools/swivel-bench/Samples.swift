/// Results whose value nobody reads are still computed: the optimiser cannot
/// prove a store to this global is dead, so the measured loop cannot be dropped.
nonisolated(unsafe) private var sink = 0.0

@inline(never)
func blackHole(_ value: Double) {
    sink += value
}

/// The repetitions of one measurement. The median is the figure; the spread
/// shows how noisy the machine was while it ran.
struct Samples {
    private(set) var values: [Double] = []

    mutating func add(_ value: Double) { values.append(value) }

    var median: Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var minimum: Double { values.min() ?? .nan }
    var maximum: Double { values.max() ?? .nan }
}
