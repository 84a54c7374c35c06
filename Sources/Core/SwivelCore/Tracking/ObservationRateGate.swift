/// DockKit's rules for `track()` batches, for ONE source (keep one gate per
/// source), as a pure function of the batches' CAPTURE instants on the
/// stand's own monotonic clock: each batch's arrival on that clock minus the
/// capture age it carries (never a host's clock, never the loop's motion
/// time). docs/TRACKING.md, "Observation rate rules", is the table; in short:
///
/// - Too fast: a token bucket holding `burstBatches` (10) and refilled at
///   `refillBatchesPerSecond` (30.3). Every accepted batch takes a token; a
///   batch that finds less than one is rejected (`frameRateTooHigh`) and takes
///   none. A 30 fps camera's captures are 33 ms apart however late, bunched
///   or jittered its detector delivers them, so it is never refused; only a
///   sustained rate above 30 (plus the clock allowance) drains the bucket.
/// - Too slow: a batch captured more than 100 ms after the previous accepted
///   one, or one ending a run of the stream's last ten intervals (fewer while
///   the stream has fewer) that averages more than 100 ms, is applied but
///   answered `frameRateTooLow`. So a 1 fps or 5 fps stream hears it every
///   time after its first batch, even when its batches arrive in pairs.
/// - A stream starts with the first batch ever, or the first one captured 2 s
///   or more after the previous accepted one: that batch is never an error,
///   and the slow-stream average starts again from it.
///
/// A sender cannot buy rate with its ages: `admit(capturedAt:arrivedAt:)`
/// judges a capture at most `longestCaptureAgeSeconds` (1 s, TRACK's range)
/// before its arrival and never after it, and a capture before the newest
/// accepted one counts as made with it. So over any span of arrivals a sender
/// gets at most the burst plus one second's refill more than the span's own
/// refill, and a sustained rate above 30.3 is refused however it dates its
/// batches.
///
/// Rejected batches change nothing but the bucket's clock, so they never count.
/// Boundaries are compared with `boundaryToleranceSeconds` of slack, so
/// "exactly 100 ms" or "exactly 2 s" computed from two clock readings still
/// counts as exact despite rounding.
public struct ObservationRateGate: Sendable {
    public enum Verdict: Equatable, Sendable {
        case accepted
        /// Applied, but the sender should hear `frameRateTooLow`.
        case acceptedButFrameRateTooLow
        /// Not applied and not counted: answer `frameRateTooHigh`.
        case rejectedFrameRateTooHigh
    }

    /// The contract's highest rate.
    public static let nominalBatchesPerSecond: Double = 30
    /// 30 plus 1 %: a sender's clock (a camera's crystal) may run a little
    /// fast of the stand's. Refilled at exactly 30, a sender 100 ppm fast
    /// would drain the burst in under an hour and then be refused now and then
    /// although it never sent more than "30 a second" by its own clock.
    public static let refillBatchesPerSecond: Double = nominalBatchesPerSecond * 1.01
    /// A third of a second at 30/s: how far the capture instants may bunch
    /// (a camera's timestamps jitter; a link thread that read late dates a
    /// bunch within its read, `TrackArrivals`) without a refusal.
    public static let burstBatches: Double = 10
    public static let longestNormalGapSeconds: Seconds = 0.1
    /// How many of the stream's latest intervals "slower than 10 a second" is averaged over.
    public static let slowStreamIntervals = 10
    /// No batch for this long (or longer) and the next one starts a new stream.
    public static let newStreamAfterSeconds: Seconds = 2
    /// TRACK's largest capture age (docs/PROTOCOL.md §3): the furthest before
    /// its arrival a batch's capture is judged, whatever the batch says.
    public static let longestCaptureAgeSeconds: Seconds = 1
    /// Far below the 1 µs a wire age can express; far above a double's rounding
    /// of a monotonic clock reading (1e-10 s after a million seconds of uptime).
    public static let boundaryToleranceSeconds: Seconds = 1e-7

    private var tokens: Double = Self.burstBatches
    private var tokensAt: Seconds = -.infinity
    /// Capture of the newest accepted batch; −∞ before the first.
    private var newest: Seconds = -.infinity
    // Capture instants of the stream's latest accepted batches, oldest overwritten
    // first; `next` is where the next one goes. Allocated here, never in `admit`.
    private var recent: ContiguousArray<Seconds>
    private var next = 0
    /// Accepted batches in the current stream, counted up to `slowStreamIntervals`.
    private var streamBatches = 0

    public init() {
        recent = ContiguousArray(repeating: -.infinity, count: Self.slowStreamIntervals)
    }

    /// Judges a batch that `arrival` (the stand's monotonic clock) brought
    /// with a capture instant `capture` (the arrival minus the batch's age):
    /// by the capture, held within `longestCaptureAgeSeconds` before the
    /// arrival and not after it (see the type's comment).
    public mutating func admit(capturedAt capture: Seconds, arrivedAt arrival: Seconds) -> Verdict {
        guard capture.isFinite, arrival.isFinite else { return .accepted }
        return admit(at: min(max(capture, arrival - Self.longestCaptureAgeSeconds), arrival))
    }

    /// Judges a batch captured at `time` and, unless rejected, counts it.
    /// A non-finite time (a caller bug: the gate runs on the stand's clock) is
    /// answered `accepted` and changes nothing, so it cannot poison the state.
    /// A time before the newest accepted one (a capture out of order, or
    /// rounding) is judged as made together with it.
    public mutating func admit(at time: Seconds) -> Verdict {
        guard time.isFinite else { return .accepted }
        let tolerance = Self.boundaryToleranceSeconds
        let now = max(time, newest)
        let gap = now - newest // +∞ for the first batch
        let startsStream = gap >= Self.newStreamAfterSeconds - tolerance

        if startsStream {
            tokens = Self.burstBatches
        } else {
            tokens = min(Self.burstBatches, tokens + (now - tokensAt) * Self.refillBatchesPerSecond)
        }
        tokensAt = now
        if tokens < 1 - tolerance * Self.refillBatchesPerSecond { return .rejectedFrameRateTooHigh }
        tokens = max(tokens - 1, 0)

        if startsStream { streamBatches = 0 }
        var tooLow = false
        if streamBatches > 0 {
            let intervals = min(streamBatches, Self.slowStreamIntervals)
            let start = recent[(next - intervals + recent.count) % recent.count]
            tooLow = gap > Self.longestNormalGapSeconds + tolerance
                || now - start > Double(intervals) * Self.longestNormalGapSeconds + tolerance
        }
        recent[next] = now
        next = (next + 1) % recent.count
        streamBatches = min(streamBatches + 1, Self.slowStreamIntervals)
        newest = now
        return tooLow ? .acceptedButFrameRateTooLow : .accepted
    }

    /// Forgets every batch: the next one is a first batch again.
    public mutating func reset() {
        self = ObservationRateGate()
    }
}
