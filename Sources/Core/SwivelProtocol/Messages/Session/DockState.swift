/// DOCK_STATE: sent right after IDENTITY and whenever system tracking changes,
/// so the host can mirror DockKit's accessory state changes.
public struct DockState: Equatable, Sendable {
    public var docked: Bool
    public var systemTrackingEnabled: Bool
    /// The change came from the stand's tracking button.
    public var trackingButtonEnabled: Bool

    public init(docked: Bool, systemTrackingEnabled: Bool, trackingButtonEnabled: Bool = false) {
        self.docked = docked
        self.systemTrackingEnabled = systemTrackingEnabled
        self.trackingButtonEnabled = trackingButtonEnabled
    }

    static let minimumBytes = 2

    func encode(to w: inout ByteWriter) {
        w.bool(docked)
        w.bool(systemTrackingEnabled)
        w.bool(trackingButtonEnabled)
    }

    static func decode(from r: inout ByteReader) throws(MessageError) -> DockState {
        try r.require(minimumBytes, for: .dockState)
        return DockState(docked: r.bool(), systemTrackingEnabled: r.bool(), trackingButtonEnabled: r.bool())
    }
}
