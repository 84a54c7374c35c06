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
    /// With this much output waiting, a session's commands are not read (its
    /// peer's writes wait instead), so replies cannot pile up without bound.
    /// Above `maximumQueuedBytes`, so telemetry alone never pauses a session.
    public var pauseInputBytes: Int
    /// The most a session may have queued. Pausing its input keeps a session
    /// below it (by far more than a reply); reaching it is treated as a slow
    /// consumer, never answered by dropping a reply.
    public var outputCapacityBytes: Int
    /// A slow consumer takes no byte for this long while its queue is full
    /// (`maximumQueuedBytes` or more on a socket; anything on a serial port): a
    /// socket session is closed, a serial one's output discarded.
    public var slowConsumerTimeoutNanoseconds: Int64
    /// A socket session that has not docked this long after connecting (or
    /// after undocking) is closed.
    public var helloTimeoutNanoseconds: Int64
    /// Socket sessions open at once; further connections are answered ERR
    /// `busy` and closed. Serial links are not counted.
    public var maximumSessions: Int
    /// How many times a request's final progress is repeated (telemetry is lossy).
    public var finalProgressRepeats: Int
    /// The board's fields of view, for observations without intrinsics.
    public var fieldOfView: FieldOfViewTable
    /// The vision link's GESTURE toggles system tracking (the board's
    /// `vision.gestures`); off, it is refused with `notSupported`.
    public var gesturesEnabled: Bool

    public static let defaultMaximumSessions = 64

    public init(
        identity: Identity, heartbeatTimeoutNanoseconds: Int64 = 1_000_000_000,
        motionStateIntervalNanoseconds: Int64 = 20_000_000, maximumQueuedBytes: Int = 64 * 1024,
        pauseInputBytes: Int = 96 * 1024, outputCapacityBytes: Int = 128 * 1024,
        slowConsumerTimeoutNanoseconds: Int64 = 2_000_000_000, helloTimeoutNanoseconds: Int64 = 3_000_000_000,
        maximumSessions: Int = LinkConfiguration.defaultMaximumSessions,
        finalProgressRepeats: Int = 3, fieldOfView: FieldOfViewTable = .defaults, gesturesEnabled: Bool = false
    ) {
        self.fieldOfView = fieldOfView
        self.gesturesEnabled = gesturesEnabled
        self.identity = identity
        self.heartbeatTimeoutNanoseconds = heartbeatTimeoutNanoseconds
        self.motionStateIntervalNanoseconds = motionStateIntervalNanoseconds
        self.maximumQueuedBytes = maximumQueuedBytes
        self.pauseInputBytes = max(pauseInputBytes, maximumQueuedBytes)
        // Room above the pause mark for what one frame, the replies still in
        // the motion loop and one telemetry period can add.
        self.outputCapacityBytes = max(outputCapacityBytes, self.pauseInputBytes + 16 * 1024)
        self.slowConsumerTimeoutNanoseconds = slowConsumerTimeoutNanoseconds
        self.helloTimeoutNanoseconds = helloTimeoutNanoseconds
        self.maximumSessions = max(maximumSessions, 0)
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
    /// Socket connections refused because `maximumSessions` were open.
    public var sessionsRefused: UInt64 = 0
    /// Socket sessions closed because they said no HELLO in time.
    public var helloTimeouts: UInt64 = 0
    /// Peers that stopped reading: socket sessions closed, serial output discarded.
    public var slowConsumers: UInt64 = 0
    public var systemTrackingEnabled = true

    public init() {}
}
