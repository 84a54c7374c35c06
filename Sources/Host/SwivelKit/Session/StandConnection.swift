/// SwivelKit is the session client: it speaks to `swiveld` in Swivel's own
/// words (a connection, its sessions, the wire's values). DockKit's names
/// belong to SwivelDockKit alone, which is built on it (docs/PORTING.md).
///
/// The link to one stand's daemon: connects to `endpoint`, keeps each session
/// alive with heartbeats, reconnects every second when the link is lost, and
/// reports each dock and undock in `sessionChanges`. Each dock is a new
/// `StandSession`. Releasing the connection does not end a session that is
/// still held, or whose streams are: the link says BYE when the last goes.
public final class StandConnection: Sendable {
    public let endpoint: SwivelEndpoint
    let link: LinkClient
    /// Ends the link once neither this connection nor a session or stream of it is held.
    private let lease: LinkLease
    private let docked: DockedSessionSlot

    /// Starts connecting at once, on its own thread.
    /// - Parameter clientName: shown in the daemon's log.
    public convenience init(endpoint: SwivelEndpoint = .defaultSocket(), clientName: String) throws(SwivelKitError) {
        try self.init(endpoint: endpoint, clientName: clientName, timing: LinkTiming())
    }

    /// - Parameters:
    ///   - open: opens the channel instead of `endpoint` (which then only names it in messages).
    ///   - clock: what `timing` is measured on; tests hand in their simulated stand's virtual time.
    package init(
        endpoint: SwivelEndpoint, open: ChannelOpener? = nil, clientName: String, timing: LinkTiming,
        clock: any LinkClock = WallLinkClock()
    ) throws(SwivelKitError) {
        self.endpoint = endpoint
        let slot = DockedSessionSlot()
        var lease: LinkLease?
        link = try LinkClient.start(endpoint: endpoint, open: open, clientName: clientName, timing: timing, clock: clock) { client in
            let made = LinkLease(client)
            client.adopt(made, slot: slot)
            lease = made
        }
        guard let lease else { throw SwivelKitError(.transport, "the link started without its lease") }
        self.lease = lease
        docked = slot
    }

    /// Every dock and undock from now on; starts with `.docked` when a stand is docked already.
    public var sessionChanges: AsyncStream<StandSession.Change> { link.stateChangeStream(keepingAlive: lease) }

    /// The docked session, if any.
    public var session: StandSession? { docked.session }

    /// Waits until a stand is docked.
    /// - Parameter stopAtFirstFailure: fail as soon as one connection attempt
    ///   fails (a tool that should say "nothing is listening" at once), instead
    ///   of retrying every second until `timeout`.
    /// - Throws: the connection failure (`transport`, `versionMismatch`, ...),
    ///   or `timedOut` when no attempt failed yet none completed.
    public func session(waitingUpTo timeout: Duration, stopAtFirstFailure: Bool = false) async throws(SwivelKitError) -> StandSession {
        try await link.waitForSession(timeout: timeout, stopAtFirstFailure: stopAtFirstFailure).get()
    }

    /// Why the last connection attempt failed; nil once docked.
    public var lastConnectionError: SwivelKitError? { link.lastFailure }

    /// Whether the stand's own vision drives the motors. On at the start of
    /// every host session; manual commands are refused while it is.
    public var isSystemTrackingEnabled: Bool { link.isSystemTrackingEnabled }

    public func setSystemTrackingEnabled(_ enabled: Bool) async throws(SwivelKitError) {
        _ = try await link.send(.setSystemTracking(enabled: enabled), epoch: nil).get()
        link.publishSystemTracking(enabled, fromTrackingButton: false)
    }

    /// Ends the session (BYE) and the link thread; the stand resets what this
    /// host set once no other host is docked.
    public func close() async {
        await link.close(goodbye: true)
    }
}
