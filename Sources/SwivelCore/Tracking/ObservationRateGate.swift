/// DockKit's rules for `track()` batches, for ONE source (keep one gate per source):
/// - more than 30 batches in any sliding 1-second window: the batch is rejected
///   (`frameRateTooHigh`) and does not count;
/// - a gap over 100 ms but under 1 s since the previous ACCEPTED batch: the
///   batch is applied but answered `frameRateTooLow`;
/// - the first batch, or one after a pause of 1 s or more, is never an error.
///
/// The window is half-open, (t − 1 s, t], as in `CallRateLimiter`: a batch
/// exactly one second old no longer counts. Times are the stand's own monotonic
/// clock at arrival, never a host's capture time. Boundaries are compared with
/// `boundaryToleranceSeconds` of slack, so "exactly 100 ms" or "exactly 1 s"
/// computed from two clock readings still counts as exact despite rounding.
public struct ObservationRateGate: Sendable {
    public enum Verdict: Equatable, Sendable {
        case accepted
        /// Applied, but the sender should hear `frameRateTooLow`.
        case acceptedButFrameRateTooLow
        /// Not applied and not counted: answer `frameRateTooHigh`.
        case rejectedFrameRateTooHigh
    }

    public static let maximumBatchesPerWindow = 30
    public static let windowSeconds: Seconds = 1
    public static let longestNormalGapSeconds: Seconds = 0.1
    /// Far below the 1 µs a wire age can express; far above a double's rounding
    /// of a monotonic clock reading (1e-10 s after a million seconds of uptime).
    public static let boundaryToleranceSeconds: Seconds = 1e-7

    // Arrival times of the last 30 accepted batches; −∞ marks an empty slot.
    private var accepted: ContiguousArray<Seconds>
    // Where the next accepted time goes; the newest is just before it.
    private var next = 0

    public init() {
        accepted = ContiguousArray(repeating: -.infinity, count: Self.maximumBatchesPerWindow)
    }

    /// Judges a batch arriving at `time` and, unless rejected, counts it.
    /// A non-finite time (a caller bug: the gate runs on the stand's clock) is
    /// answered `accepted` and changes nothing, so it cannot poison the window.
    public mutating func admit(at time: Seconds) -> Verdict {
        guard time.isFinite else { return .accepted }
        let tolerance = Self.boundaryToleranceSeconds
        let windowStart = time - Self.windowSeconds + tolerance
        var inWindow = 0
        for t in accepted where t > windowStart { inWindow += 1 }
        if inWindow >= Self.maximumBatchesPerWindow { return .rejectedFrameRateTooHigh }

        let newest = accepted[(next + accepted.count - 1) % accepted.count]
        let gap = time - newest // +∞ for the first batch
        let tooLow = gap > Self.longestNormalGapSeconds + tolerance && gap < Self.windowSeconds - tolerance

        accepted[next] = time
        next = (next + 1) % accepted.count
        return tooLow ? .acceptedButFrameRateTooLow : .accepted
    }

    /// Forgets every batch: the next one is a first batch again.
    public mutating func reset() {
        for i in accepted.indices { accepted[i] = -.infinity }
        next = 0
    }
}
