/// Where the axes were over the last moments: a ring of (time, positions)
/// samples, so an observation captured a camera-latency ago can be placed in
/// the stand's frame using the pose the stand had when the frame was taken.
///
/// The storage is allocated once, at init; `record` overwrites the oldest
/// sample in place and never allocates, so the real-time tick can call it.
/// (Like every Swift array it is copy-on-write: mutate it where it lives, in
/// the controller the loop owns, not through a copy.)
public struct MotionHistory: Sendable {
    public let capacity: Int
    private var times: ContiguousArray<Seconds>
    private var samples: ContiguousArray<PerAxis<Radians>>
    /// Physical index of the newest sample; meaningless while `count == 0`.
    private var newest = 0
    public private(set) var count = 0

    /// - Parameter capacity: how many samples to keep (at least 2); at one
    ///   sample per control tick, capacity × period is how far back it reaches.
    public init(capacity: Int) {
        self.capacity = max(capacity, 2)
        times = ContiguousArray(repeating: 0, count: self.capacity)
        samples = ContiguousArray(repeating: PerAxis(repeating: 0), count: self.capacity)
    }

    public var oldestTime: Seconds? { count == 0 ? nil : times[physical(0)] }
    public var newestTime: Seconds? { count == 0 ? nil : times[newest] }

    /// Adds a sample. Times must increase: a sample at the newest sample's time
    /// replaces it, an older or non-finite one is ignored (a history that went
    /// back in time could not be searched).
    public mutating func record(time: Seconds, positions: PerAxis<Radians>) {
        guard time.isFinite else { return }
        if count > 0 {
            let last = times[newest]
            if time < last { return }
            if time == last {
                samples[newest] = positions
                return
            }
        }
        newest = count == 0 ? 0 : (newest + 1) % capacity
        times[newest] = time
        samples[newest] = positions
        count = min(count + 1, capacity)
    }

    /// The positions at `time`, linearly interpolated between the samples
    /// around it; the newest sample when `time` is at or after it (the link's
    /// clock may run a hair ahead); nil when `time` is before the oldest sample
    /// kept or not a number.
    public func positions(at time: Seconds) -> PerAxis<Radians>? {
        guard count > 0, !time.isNaN else { return nil }
        if time >= times[newest] { return samples[newest] }
        guard time >= times[physical(0)] else { return nil }
        // The last logical index whose time is at or before `time`; the one
        // after it exists because `time` is before the newest sample.
        var low = 0
        var high = count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if times[physical(middle)] <= time { low = middle } else { high = middle }
        }
        let a = physical(low)
        let b = physical(low + 1)
        let span = times[b] - times[a]
        let fraction = span > 0 ? (time - times[a]) / span : 0
        return samples[a].map { axis, before in before + (samples[b][axis] - before) * fraction }
    }

    /// Forgets every sample; keeps the storage.
    public mutating func removeAll() {
        count = 0
        newest = 0
    }

    /// Physical index of the logical index `i` (0 = oldest).
    private func physical(_ i: Int) -> Int {
        (newest - (count - 1) + i + capacity) % capacity
    }
}
