import SwivelProtocol
import SwivelToolSupport

/// The checker's own session: docked for the whole run, it sends HEARTBEAT
/// every 50 ms (timing each reply: first alone, then under the sessions' load)
/// and feeds every MOTION_STATE it receives to the `CapChecker`. It sends
/// nothing that moves the stand.
final class Observer {
    let connection: Connection
    var checker: CapChecker
    /// Round trips while the checker was the only session, and under load.
    private(set) var idleHeartbeatNanoseconds: [Int64] = []
    private(set) var heartbeatNanoseconds: [Int64] = []
    /// Set once the other sessions start.
    var loaded = false
    static let heartbeatInterval: Int64 = 50_000_000
    private var heartbeatSent: [UInt16: Int64] = [:]
    private var nextHeartbeat: Int64 = 0
    private var lastTelemetrySequence: UInt16?
    private(set) var telemetryLost = 0
    private(set) var motionStates = 0
    private(set) var docked = false
    private(set) var unanswered = 0
    private(set) var faultsSeen: Set<String> = []
    /// Wall-clock gap between MOTION_STATEs, the largest seen.
    private(set) var largestArrivalGapNanoseconds: Int64 = 0
    private var lastArrival: Int64?

    /// For each of the first broken caps: what the sessions sent in the 300 ms before it arrived.
    private(set) var violationContexts: [(violation: CapChecker.Violation, sent: [String])] = []
    var statistics: SoakStatistics?

    init(connection: Connection, checker: CapChecker) {
        self.connection = connection
        self.checker = checker
    }

    func hello(now: Int64) throws(ToolFailure) {
        try wrap { try connection.write([0]) }
        _ = try wrap { try connection.send(.hello(Hello(clientName: "soak-checker")), now: now) }
    }

    func act(now: Int64) throws(ToolFailure) {
        guard docked, now >= nextHeartbeat else { return }
        nextHeartbeat = now + Self.heartbeatInterval
        let sequence = try wrap { try connection.send(.heartbeat, now: now) }
        heartbeatSent[sequence] = now
        unanswered += connection.takeOverdue(olderThan: 2_000_000_000, now: now)
    }

    func receive(now: Int64) throws(ToolFailure) {
        for (header, message) in try wrap({ try connection.receive() }) {
            switch message {
            case .identity:
                docked = true
            case .ack:
                if let sent = heartbeatSent.removeValue(forKey: header.sequence) {
                    if loaded { heartbeatNanoseconds.append(now - sent) } else { idleHeartbeatNanoseconds.append(now - sent) }
                }
            case .motionState(let report):
                motionStates += 1
                if let lastArrival { largestArrivalGapNanoseconds = max(largestArrivalGapNanoseconds, now - lastArrival) }
                lastArrival = now
                if let fault = report.fault { faultsSeen.insert("\(fault)") }
                let before = checker.violations.count
                checker.check(report)
                if checker.violations.count > before, violationContexts.count < 5, let statistics {
                    violationContexts.append((checker.violations[before], statistics.noted(before: now, window: 300_000_000)))
                }
            default:
                break
            }
            // Telemetry carries the session's own counter: a gap is telemetry the daemon dropped.
            if !message.isReply {
                if let last = lastTelemetrySequence { telemetryLost += Int(header.sequence &- last &- 1) }
                lastTelemetrySequence = header.sequence
            }
        }
    }

    /// The interval since the last MOTION_STATE, for a stall seen while it lasts.
    func silence(now: Int64) -> Int64 { lastArrival.map { now - $0 } ?? 0 }
}
