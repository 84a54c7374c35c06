import SwivelCore
import SwivelHardware
import SwivelProtocol

extension LinkHub {
    static let trackingStateIntervalNanoseconds: Int64 = 100_000_000

    /// Observations from the on-board vision link: they drive the motors while
    /// system tracking is enabled, and only feed the tracking state otherwise.
    func trackFromVision(_ batch: TrackBatch, key: ReplyCache.Key, from id: SessionID, at now: MonotonicInstant) {
        track(batch, source: .vision, drives: systemTrackingEnabled, key: key, from: id, at: now)
    }

    /// A host's `track()`: custom tracking, allowed only with system tracking off.
    func trackFromHost(_ batch: TrackBatch, key: ReplyCache.Key, from id: SessionID, at now: MonotonicInstant) {
        guard !systemTrackingEnabled else {
            reject(key, code: .systemTrackingActive, to: id,
                   reason: "system tracking is enabled: turn it off to send your own observations")
            return
        }
        track(batch, source: .host(id), drives: true, key: key, from: id, at: now)
    }

    private func track(
        _ batch: TrackBatch, source: TrackingPipeline.Source, drives: Bool, key: ReplyCache.Key, from id: SessionID,
        at now: MonotonicInstant
    ) {
        let standNow = standTime(at: now)
        // The age needs no clock sync: the sender says how old the image is as it sends.
        let captured = standNow - Double(batch.captureAgeMicroseconds) / 1e6
        let outcome = tracking.process(
            batch, from: source, captureTime: captured, linkArrival: Double(now.nanoseconds) / 1e9, drives: drives)
        if nextTrackingState == nil { nextTrackingState = now }
        // What the loop answers a target while it cannot move (a fault, homing,
        // a halt) is what the sender hears, not an ACK for a target the loop
        // throws away: read from the status the loop published.
        if case .trackTarget? = outcome.command, let refusal = stand.status().mode.motionRefusal {
            reject(key, ErrorReply(commandID: key.messageID, refusal), to: id)
            return
        }
        // Not queued behind a full mailbox like the session commands: a target
        // that cannot be posted now is stale by the next batch, which replaces it.
        if let command = outcome.command, internalCommands.isEmpty, hasRoomInFlight, let ticket = try? stand.post(command) {
            internalTickets.append(ticket)
        }
        if let error = outcome.error {
            reject(key, code: error.code, to: id, reason: error.reason)
        } else {
            acknowledge(key, to: id)
        }
    }

    /// The camera whose batches drive the motors in the current mode; selection applies to it.
    var drivingCamera: TrackingPipeline.Camera { systemTrackingEnabled ? .onBoard : .host }

    /// `now` on the stand's clock (seconds since its first tick).
    func standTime(at now: MonotonicInstant) -> Seconds {
        let status = stand.status()
        // Before the first tick the stand's clock has not started.
        guard status.ticks > 0 else { return 0 }
        return status.time + Double(now.nanoseconds &- status.tickNanoseconds) / 1e9
    }

    func sendTrackingStateIfDue(at now: MonotonicInstant) {
        guard let due = nextTrackingState, now >= due else { return }
        guard let report = tracking.trackingState(at: standTime(at: now)) else {
            // Nothing seen for a second: quiet until the next batch.
            nextTrackingState = nil
            return
        }
        let next = due.advanced(byNanoseconds: Self.trackingStateIntervalNanoseconds)
        nextTrackingState = next > now ? next : now.advanced(byNanoseconds: Self.trackingStateIntervalNanoseconds)
        broadcastTelemetry(.trackingState(report))
    }

    func resetTracking() {
        tracking.reset(seed: UInt64.random(in: 0...UInt64.max))
        nextTrackingState = nil
    }
}
