/// The link's clocks, as docs/PROTOCOL.md states them for SwivelKit, measured
/// on the link thread's `LinkClock` (the wall clock in an app).
package struct LinkTiming: Sendable {
    /// How long a command waits for its reply before it is sent again.
    package var replyTimeout: Duration
    /// Copies sent after the first, each with the retransmission flag; then
    /// the command fails with `timedOut` and the link is considered lost.
    package var retransmissions: Int
    /// The stand undocks a host silent for 1 s; this keeps an idle host docked.
    package var heartbeatInterval: Duration
    /// Between attempts to (re)connect.
    package var reconnectInterval: Duration
    /// How long past its planned duration a move may go without a final
    /// PROGRESS before GET_STATE is asked instead.
    package var progressGrace: Duration
    /// Between those GET_STATE polls.
    package var statePollInterval: Duration
    /// The longest one write may wait for a slow peer.
    package var writeTimeoutMilliseconds: Int32

    package init(
        replyTimeout: Duration = .milliseconds(200), retransmissions: Int = 5, heartbeatInterval: Duration = .milliseconds(250),
        reconnectInterval: Duration = .seconds(1), progressGrace: Duration = .seconds(1), statePollInterval: Duration = .milliseconds(250),
        writeTimeoutMilliseconds: Int32 = 500
    ) {
        self.replyTimeout = replyTimeout
        self.retransmissions = retransmissions
        self.heartbeatInterval = heartbeatInterval
        self.reconnectInterval = reconnectInterval
        self.progressGrace = progressGrace
        self.statePollInterval = statePollInterval
        self.writeTimeoutMilliseconds = writeTimeoutMilliseconds
    }
}
