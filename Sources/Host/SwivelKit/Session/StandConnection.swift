/// The entry point, as DockKit's `DockAccessoryManager`: connects to the
/// stand's daemon at `endpoint`, keeps the session alive with heartbeats,
/// reconnects every second when the link is lost, and reports each dock and
/// undock in `accessoryStateChanges`. Releasing it does not end a session whose
/// accessory or streams are still held: the link says BYE when the last goes.
public final class DockAccessoryManager: Sendable {
    public let endpoint: SwivelEndpoint
    let link: LinkClient
    /// Ends the link once neither this manager nor an accessory or stream of it is held.
    private let lease: LinkLease
    private let docked: DockedAccessorySlot

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
        let slot = DockedAccessorySlot()
        var lease: LinkLease?
        link = try LinkClient.start(endpoint: endpoint, open: open, clientName: clientName, timing: timing, clock: clock) { client in
            let made = LinkLease(client)
            client.adopt(made, slot: slot)
            lease = made
        }
        guard let lease else { throw .transport("the link started without its lease") }
        self.lease = lease
        docked = slot
    }

    /// Every dock and undock from now on; starts with `.docked` when a stand is docked already.
    public var accessoryStateChanges: AsyncStream<DockAccessory.StateChange> { link.stateChangeStream(keepingAlive: lease) }

    /// The docked accessory, if any.
    public var accessory: DockAccessory? { docked.accessory }

    /// Waits until a stand is docked.
    /// - Parameter stopAtFirstFailure: fail as soon as one connection attempt
    ///   fails (a tool that should say "nothing is listening" at once), instead
    ///   of retrying every second until `timeout`.
    /// - Throws: the connection failure (`transport`, `versionMismatch`, ...),
    ///   or `timedOut` when no attempt failed yet none completed.
    public func accessory(waitingUpTo timeout: Duration, stopAtFirstFailure: Bool = false) async throws(SwivelKitError) -> DockAccessory {
        try await link.waitForAccessory(timeout: timeout, stopAtFirstFailure: stopAtFirstFailure).get()
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
