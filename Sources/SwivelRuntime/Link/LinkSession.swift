import SwivelHardware
import SwivelProtocol

/// Identifies one session: one socket connection, or one serial port (where
/// hosts come and go without the port closing).
public struct SessionID: Hashable, Sendable, CustomStringConvertible {
    public let value: Int
    public var description: String { "#\(value)" }
}

/// What a session may do. A host docks with HELLO and may command the stand;
/// the vision link only sends observations (no handshake, never docks).
public enum SessionRole: Sendable, Equatable {
    case host
    case vision
}

/// One peer's state on the link thread.
struct LinkSession {
    let id: SessionID
    /// The transport, for logs: a device path or "socket".
    let label: String
    let role: SessionRole
    var decoder = FrameDecoder()
    var docked = false
    var clientName = ""
    var lastHeard: MonotonicInstant
    var replies = ReplyCache()
    var telemetrySequence: UInt16 = 0
    /// Encoded frames waiting for the transport.
    var output: [UInt8] = []

    init(id: SessionID, label: String, role: SessionRole, at now: MonotonicInstant) {
        self.id = id
        self.label = label
        self.role = role
        lastHeard = now
    }
}
