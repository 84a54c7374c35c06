import SwivelCore

/// The positions commanded over the last `delayTicks` ticks, oldest first out:
/// what an encoder measuring now should read. Allocated once; `record` and
/// `oldest` are real-time safe.
struct CommandedHistory {
    let delayTicks: Int
    private var ring: [PerAxis<Radians>]
    private var next = 0
    private(set) var count = 0

    init(delayTicks: Int) {
        self.delayTicks = max(1, delayTicks)
        ring = Array(repeating: PerAxis(repeating: 0), count: self.delayTicks)
    }

    var isFull: Bool { count == delayTicks }

    /// The position commanded `delayTicks` ticks ago (valid once `isFull`).
    var oldest: PerAxis<Radians> { ring[next] }

    mutating func record(_ positions: PerAxis<Radians>) {
        ring[next] = positions
        next = (next + 1) % delayTicks
        count = min(count + 1, delayTicks)
    }

    mutating func clear() {
        next = 0
        count = 0
    }
}
