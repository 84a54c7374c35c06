import SwivelCore
import SwivelHardware

/// When the TRACK frames of one read arrived, as best the stand can tell.
///
/// The rate rules judge a batch by its capture instant, its arrival on the
/// stand's clock minus its age, and the link thread learns of the arrival
/// only when it reads. After a stall of the thread
/// (a loaded machine, a debug build) one read returns every frame that came
/// meanwhile: dated all at the read, a steady 30 fps sender would look like
/// a burst and be refused `frameRateTooHigh` for the stand's own delay. So
/// the frames of one read are spread back from the read, at most one token's
/// interval of the rate gate apart (1/30.3 s) and never before the previous
/// read: a sender can never be credited with more time than passed, so a
/// sustained rate above the gate's is still refused, while a stall of the
/// stand's is not charged to the sender. One frame in a read is dated at the
/// read, as before. The capture instants of their observations move back
/// with them, which is closer to the truth too.
///
/// A read is spread as a whole: the link thread hands its frames over a few
/// at a time, and dated slice by slice the later slices (microseconds after
/// the first) would be spread over almost nothing and bunch.
enum TrackArrivals {
    /// The spacing, nanoseconds, between the `count` TRACK frames of a read
    /// at `now` when the previous TRACK read was at `previous`.
    static func spacingNanoseconds(count: Int, previous: MonotonicInstant?, now: MonotonicInstant) -> Int64 {
        guard count > 1 else { return 0 }
        let token = Int64((1e9 / ObservationRateGate.refillBatchesPerSecond).rounded(.down))
        guard let previous else { return token }
        let elapsed = max(now.nanoseconds(since: previous), 0)
        return min(token, elapsed / Int64(count))
    }

    /// The arrival of the TRACK frame with `later` more TRACK frames after it in the read.
    static func arrival(now: MonotonicInstant, later: Int, spacingNanoseconds: Int64) -> MonotonicInstant {
        now.advanced(byNanoseconds: -Int64(later) * spacingNanoseconds)
    }
}

/// One read's TRACK frames: dated back from `at`, `spacingNanoseconds` apart.
struct TrackRead {
    let at: MonotonicInstant
    let spacingNanoseconds: Int64
}
