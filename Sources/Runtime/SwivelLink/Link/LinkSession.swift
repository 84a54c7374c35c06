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

/// What carries a session, which decides how it may end.
public enum SessionTransport: Sendable, Equatable {
    /// A serial port or pty: it outlives its hosts, so the hub never asks to
    /// close it; a peer that stops reading has its queued output thrown away.
    case serial
    /// One socket connection: counted against the session limit, and closed
    /// when it says no HELLO in time or its peer stops reading.
    case socket
}

/// One peer's state on the link thread.
struct LinkSession {
    let id: SessionID
    /// The transport, for logs: a device path or "socket".
    let label: String
    let role: SessionRole
    let transport: SessionTransport
    var decoder = FrameDecoder()
    var docked = false
    var clientName = ""
    var lastHeard: MonotonicInstant
    /// The read that brought the last TRACK frames (`TrackArrivals`).
    var lastTrackRead: MonotonicInstant?
    /// The read whose frames are being handed over in slices, while more of them wait.
    var openRead: TrackRead?
    var replies = ReplyCache()
    var telemetrySequence: UInt16 = 0
    /// Encoded frames waiting for the transport. A reference, so appending
    /// through a copy of this struct never copies what is queued.
    let output = OutputQueue()
    /// `output.consumedTotal` at the last service, and when it last moved (or
    /// the queue was last less than full): a peer that takes nothing for the
    /// slow-consumer timeout while its queue is full is not reading.
    var outputConsumedSeen: UInt64 = 0
    var outputMovedAt: MonotonicInstant
    /// Opened, or undocked: a socket session must say HELLO within the timeout from here.
    var undockedSince: MonotonicInstant
    /// Over the session limit: every frame is answered with this reason, then the connection closes.
    var refusal: String?
    /// The hub asked the transport to close it: nothing more is handled or queued.
    var closing = false

    init(id: SessionID, label: String, role: SessionRole, transport: SessionTransport, at now: MonotonicInstant) {
        self.id = id
        self.label = label
        self.role = role
        self.transport = transport
        lastHeard = now
        outputMovedAt = now
        undockedSince = now
    }
}
