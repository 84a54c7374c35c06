internal import SwivelSync

/// The stand's budget for orientation and animation calls (2 in any sliding
/// second, docs/PROTOCOL.md), counted on the host too, so that the
/// synchronous `setOrientation` can throw `frameRateTooHigh` at the call
/// without waiting for the stand's reply. The stand stays the authority: a
/// call it refuses anyway (another host used the budget) ends its Progress
/// cancelled. Times are on the link's clock.
final class OrientationRate: Sendable {
    static let callsPerWindow = 2
    static let window = Duration.seconds(1)

    private let accepted = PIMutex<[Duration]>([])

    /// Counts a call at `now`, or throws `frameRateTooHigh` when the window is full.
    func admit(at now: Duration) throws {
        try accepted.withLock { times in
            times.removeAll { now - $0 >= Self.window }
            guard times.count < Self.callsPerWindow else { throw DockKitError.frameRateTooHigh }
            times.append(now)
        }
    }

    /// A call the stand accepted that `admit` did not count (the async ones and animations).
    func record(at now: Duration) {
        accepted.withLock { times in
            times.removeAll { now - $0 >= Self.window }
            times.append(now)
        }
    }

    /// The stand refused the call admitted at `time`: refused calls use none of the budget.
    func release(_ time: Duration) {
        accepted.withLock { times in
            if let index = times.firstIndex(of: time) { times.remove(at: index) }
        }
    }
}
