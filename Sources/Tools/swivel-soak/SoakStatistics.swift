/// What every session did, counted as it happens.
final class SoakStatistics {
    var sessionsOpened: [String: Int] = [:]
    var connectFailures = 0
    var commandsSent = 0
    var garbageSent = 0
    var retransmissions = 0
    var acks = 0
    var errors: [String: Int] = [:]
    /// Replies a reading client waited for more than 2 s (a broken promise).
    var unanswered = 0
    /// Replies a session stopped waiting for by hanging up (not a promise).
    var abandoned = 0
    /// Frames from the daemon that did not decode as a message, and frames whose bytes the host's decoder dropped.
    var undecodable = 0
    var framesDropped: UInt64 = 0
    var transportErrors: [String: Int] = [:]
    var lastTransportError: String?
    /// What was sent lately, for the context of a broken cap.
    private(set) var recent: [(nanoseconds: Int64, line: String)] = []
    private var recentNext = 0
    static let recentCapacity = 4_096

    func note(_ line: @autoclosure () -> String, at nanoseconds: Int64) {
        let entry = (nanoseconds, line())
        if recent.count < Self.recentCapacity {
            recent.append(entry)
        } else {
            recent[recentNext] = entry
            recentNext = (recentNext + 1) % Self.recentCapacity
        }
    }

    /// The lines noted in the `window` before `nanoseconds`, oldest first.
    func noted(before nanoseconds: Int64, window: Int64) -> [String] {
        recent.filter { $0.nanoseconds <= nanoseconds && nanoseconds - $0.nanoseconds <= window }
            .sorted { $0.nanoseconds < $1.nanoseconds }
            .map { "-\(format(Double(nanoseconds - $0.nanoseconds) / 1e6, 0)) ms \($0.line)" }
    }
}

/// Where the daemon under test listens.
struct SoakPaths {
    var socket: String
    var serial: String
}
