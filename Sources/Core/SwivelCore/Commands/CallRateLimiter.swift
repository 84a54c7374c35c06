/// DockKit's budget for `setOrientation` and `animate`: at most `capacity` calls
/// in any sliding window of `windowSeconds`. Only admitted calls spend budget.
///
/// The window is half-open, (now − window, now]: a call exactly one window after
/// an admitted call no longer counts it.
public struct CallRateLimiter: Sendable {
    public let capacity: Int
    public let windowSeconds: Seconds
    // Times of the most recent admitted calls; preallocated, reused in place.
    private var admitted: ContiguousArray<Seconds>
    private var next = 0

    public init(capacity: Int = 2, windowSeconds: Seconds = 1) {
        self.capacity = max(capacity, 1)
        self.windowSeconds = windowSeconds
        self.admitted = ContiguousArray(repeating: -.infinity, count: max(capacity, 1))
    }

    /// Whether a call at `now` fits the budget, without spending it.
    public func wouldAdmit(at now: Seconds) -> Bool {
        var inWindow = 0
        for time in admitted where time > now - windowSeconds { inWindow += 1 }
        return inWindow < capacity
    }

    /// Spends budget for a call at `now`. Call only after `wouldAdmit` said yes
    /// and the call was otherwise accepted.
    public mutating func record(at now: Seconds) {
        admitted[next] = now
        next = (next + 1) % capacity
    }

    /// Forgets every admitted call (a new host session starts with a full budget).
    public mutating func reset() {
        for i in admitted.indices { admitted[i] = -.infinity }
        next = 0
    }
}
