internal import SwivelSync

/// The stand's clock (seconds since the stand started) mapped onto this
/// host's wall clock (seconds since 1970), as DockKit's timestamps are.
///
/// The offset is fixed by the first report of the session: wall time at its
/// arrival less the stand time it carries. Fixed, so that timestamps keep the
/// stand's spacing exactly and never run backwards; late by that first
/// report's delivery (a socket hop, normally under a millisecond). One per
/// accessory, shared by its motion and tracking states.
final class StandClock: Sendable {
    private let offsetSeconds = PIMutex<Double?>(nil)
    private let wallNow: @Sendable () -> Double

    init(wallNow: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.wallNow = wallNow
    }

    func wallSeconds(atStandTime standTime: Duration) -> Double {
        let stand = standTime.seconds
        let offset = offsetSeconds.withLock { offset in
            if let offset { return offset }
            let fixed = wallNow() - stand
            offset = fixed
            return fixed
        }
        return offset + stand
    }
}
