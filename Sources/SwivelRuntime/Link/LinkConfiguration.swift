public import SwivelCore
public import SwivelProtocol

/// How the link behaves; the daemon fills it from its options and the board.
public struct LinkConfiguration: Sendable {
    public var identity: Identity
    /// A docked session silent for longer than this is undocked.
    public var heartbeatTimeoutNanoseconds: Int64
    public var motionStateIntervalNanoseconds: Int64
    /// Telemetry is dropped, not queued, for a peer this far behind; replies are never dropped.
    public var maximumQueuedBytes: Int
    /// How many times a request's final progress is repeated (telemetry is lossy).
    public var finalProgressRepeats: Int
    /// The board's fields of view, for observations without intrinsics.
    public var fieldOfView: FieldOfViewTable

    public init(
        identity: Identity, heartbeatTimeoutNanoseconds: Int64 = 1_000_000_000,
        motionStateIntervalNanoseconds: Int64 = 20_000_000, maximumQueuedBytes: Int = 64 * 1024,
        finalProgressRepeats: Int = 3, fieldOfView: FieldOfViewTable = .defaults
    ) {
        self.fieldOfView = fieldOfView
        self.identity = identity
        self.heartbeatTimeoutNanoseconds = heartbeatTimeoutNanoseconds
        self.motionStateIntervalNanoseconds = motionStateIntervalNanoseconds
        self.maximumQueuedBytes = maximumQueuedBytes
        self.finalProgressRepeats = finalProgressRepeats
    }
}

/// Counters for the status line, the summary and tests.
public struct LinkStatistics: Equatable, Sendable {
    public var sessionsOpen = 0
    public var sessionsDocked = 0
    /// Handshakes completed since start.
    public var dockings: UInt64 = 0
    public var framesReceived: UInt64 = 0
    /// Frames the decoders threw away: bad CRC, bad COBS, too short, oversize.
    public var framesDropped: UInt64 = 0
    public var bytesDiscarded: UInt64 = 0
    public var commandsApplied: UInt64 = 0
    public var commandsRejected: UInt64 = 0
    /// Retransmissions answered from the reply cache without applying them again.
    public var duplicatesAnswered: UInt64 = 0
    public var telemetryDropped: UInt64 = 0
    public var heartbeatTimeouts: UInt64 = 0
    public var systemTrackingEnabled = true

    public init() {}
}
