import SwivelHardware
import SwivelProtocol

extension LinkHub {
    /// Observations from the on-board vision link: they drive the motors while
    /// system tracking is enabled.
    func trackFromVision(_ batch: TrackBatch, key: ReplyCache.Key, from id: SessionID, at now: MonotonicInstant) {
        reject(key, code: .notSupported, to: id, reason: Self.trackingNotBuilt)
    }
}
