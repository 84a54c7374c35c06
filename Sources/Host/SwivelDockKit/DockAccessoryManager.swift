package import SwivelKit
internal import SwivelSync

/// DockKit's entry point: `DockAccessoryManager.shared` reports docks and
/// undocks and switches system tracking.
///
/// It reaches the stand's daemon by the endpoint rule at first use:
/// `$SWIVEL_SOCKET` when set, else the installed socket
/// (/run/swivel/swivel.sock) if it exists, else the development socket
/// (/tmp/swivel.sock). It keeps the session alive and reconnects every second
/// when the link is lost, for the life of the process.
public final class DockAccessoryManager: Sendable {
    public static let shared = DockAccessoryManager()

    private struct Backing {
        var manager: SwivelKit.StandConnection?
        /// The wrapper of the accessory docked most recently, so that every
        /// state change and call hands out the same object for it.
        var latest: DockAccessory?
    }

    private let backing = PIMutex(Backing())

    private init() {}

    /// The SwivelKit connection underneath, made on first use.
    private func swivel() throws -> SwivelKit.StandConnection {
        try backing.withLock { backing throws in
            if let manager = backing.manager { return manager }
            let manager = try translatingErrorsNow { () throws(SwivelKitError) in
                try SwivelKit.StandConnection(endpoint: .defaultSocket(), clientName: ProcessInfo.processInfo.processName)
            }
            backing.manager = manager
            return manager
        }
    }

    /// Uses `manager` from now on instead of the endpoint rule; the previous
    /// one's session ends. For tests, which dock a simulated stand of their own.
    package func use(_ manager: SwivelKit.StandConnection) async {
        let previous = backing.withLock { backing in
            defer {
                backing.manager = manager
                backing.latest = nil
            }
            return backing.manager
        }
        await previous?.close()
    }

    func wrapper(for accessory: SwivelKit.StandSession) -> DockAccessory {
        backing.withLock { backing in
            if let latest = backing.latest, latest.swivel === accessory { return latest }
            let wrapper = DockAccessory(accessory)
            backing.latest = wrapper
            return wrapper
        }
    }

    /// Every dock and undock, and every press of the stand's tracking button,
    /// from now on, starting with `.docked` when a stand is docked already.
    public var accessoryStateChanges: DockAccessory.StateChanges {
        get throws {
            DockAccessory.StateChanges(
                stream: relay(try swivel().sessionChanges) { [self] change in
                    DockAccessory.StateChange(
                        state: change.kind == .docked ? .docked : .undocked, accessory: change.session.map(wrapper(for:)),
                        trackingButtonEnabled: change.isSystemTrackingEnabled)
                })
        }
    }

    /// Whether the stand's own camera drives the motors. On at the start of
    /// every session (never persisted); manual commands and `track` are
    /// refused with `systemTrackingActive` while it is.
    public var isSystemTrackingEnabled: Bool {
        (try? swivel().isSystemTrackingEnabled) ?? true
    }

    public func setSystemTrackingEnabled(_ enabled: Bool) async throws {
        let manager = try swivel()
        try await translatingErrors { () async throws(SwivelKitError) in try await manager.setSystemTrackingEnabled(enabled) }
    }
}
