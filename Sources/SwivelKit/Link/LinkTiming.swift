/// The link's clocks, as docs/PROTOCOL.md states them for SwivelKit, measured
/// on the link thread's `LinkClock` (the wall clock in an app).
package struct LinkTiming: Sendable {
    /// How long a command waits for its reply before it is sent again.
    package var replyTimeout: Duration = .milliseconds(200)
    /// Copies sent after the first, each with the retransmission flag; then
    /// the command fails with `timedOut` and the link is considered lost.
    package var retransmissions = 5
    /// The stand undocks a host silent for 1 s; this keeps an idle host docked.
    package var heartbeatInterval: Duration = .milliseconds(250)
    /// Between attempts to (re)connect.
    package var reconnectInterval: Duration = .seconds(1)
    /// How long past its planned duration a move may go without a final
    /// PROGRESS before GET_STATE is asked instead.
    package var progressGrace: Duration = .seconds(1)
    /// Between those GET_STATE polls.
    package var statePollInterval: Duration = .milliseconds(250)
    /// The longest one write may wait for a slow peer.
    package var writeTimeoutMilliseconds: Int32 = 500

    package init() {}
}
