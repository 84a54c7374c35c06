public import FoundationEssentials
import SwivelCore
import SwivelSync
public import SwivelProtocol

/// One host session with a docked stand, from HELLO to its end: what the
/// stand is, its commands and its telemetry. When the session ends its streams
/// end and its commands throw `notConnected`; the next dock is a new `StandSession`.
public final class StandSession: Sendable, CustomStringConvertible {
    public let identity: Identity
    public let firmwareVersion: String
    public let hardwareModel: String
    public let axes: AxisSet
    public let capabilities: Capabilities
    /// The stand's own settings, from IDENTITY.
    public let heartbeatTimeout: Duration
    public let motionStateRateHz: Int

    let link: LinkClient
    /// Keeps the link running while this session is held, whoever made it.
    let lease: LinkLease?
    let epoch: Int
    let motionStream = Broadcast<MotionSample>()
    let accessoryEventStream = Broadcast<StandEvent>()
    let batteryStream = Broadcast<BatteryReading>()
    let trackingStream = Broadcast<TrackingSample>()

    private struct TrackingSettings {
        var framingMode: FramingMode = .automatic
        var regionOfInterest: NormalizedRectUpperLeft = .fullFrame
    }

    private let settings = PIMutex(TrackingSettings())
    /// The latest state of each battery, in the order they were first heard of.
    private let latestBatteries = PIMutex<[BatteryReading]>([])

    init(identity: SwivelProtocol.Identity, link: LinkClient, lease: LinkLease?, epoch: Int) {
        self.identity = Identity(name: identity.name, category: .trackingStand, uuid: UUID(identity.uuid))
        firmwareVersion = identity.firmwareVersion
        hardwareModel = identity.hardwareModel
        axes = identity.axes
        capabilities = identity.capabilities
        heartbeatTimeout = .milliseconds(Int(identity.heartbeatTimeoutMilliseconds))
        motionStateRateHz = Int(identity.motionStateRateHz)
        self.link = link
        self.lease = lease
        self.epoch = epoch
    }

    /// False once this session has ended.
    public var isDocked: Bool { link.docked === self }

    public var description: String {
        "\(identity.name) (\(hardwareModel), firmware \(firmwareVersion), axes \(axes))"
    }

    // MARK: - Streams

    /// Positions and velocities, at the stand's motion-state rate (50 Hz by default).
    /// Each stream keeps this session (and so its link) alive until it ends.
    public var motionStates: AsyncStream<MotionSample> { motionStream.stream(keepingAlive: self) }
    /// Presses and releases of the stand's buttons, and gestures (ACCESSORY_EVENT).
    public var accessoryEvents: AsyncStream<StandEvent> { accessoryEventStream.stream(keepingAlive: self) }
    /// One element per battery whenever anything about it changes. A new
    /// stream starts with each battery's latest state: the stand sends them
    /// once at docking, before an app may have subscribed.
    public var batteryStates: AsyncStream<BatteryReading> {
        batteryStream.stream(keepingAlive: self) { latestBatteries.withLock { $0 } }
    }

    /// Remembers `state` and yields it, under the lock `batteryStates` reads the latest with.
    func receiveBattery(_ state: BatteryReading) {
        batteryStream.yield { () -> BatteryReading? in
            latestBatteries.withLock { latest in
                if let index = latest.firstIndex(where: { $0.name == state.name }) {
                    latest[index] = state
                } else {
                    latest.append(state)
                }
            }
            return state
        }
    }
    /// The subjects the stand tracks, 10 per second while tracking.
    public var trackingStates: AsyncStream<TrackingSample> { trackingStream.stream(keepingAlive: self) }

    func finishStreams() {
        motionStream.finish()
        accessoryEventStream.finish()
        batteryStream.finish()
        trackingStream.finish()
    }

    // MARK: - Commands

    func command(_ message: HostMessage) async throws(SwivelKitError) -> LinkReply {
        try await link.send(message, epoch: epoch).get()
    }

    /// Turns at `velocity` (rad/s per axis: x pitch, y yaw, z roll) until told
    /// otherwise; zero stops. Refused with `systemTrackingActive` while system tracking is on.
    public func setAngularVelocity(_ velocity: Vector3) async throws(SwivelKitError) {
        _ = try await command(.setAngularVelocity(velocity))
    }

    /// Moves to `orientation` (radians: x pitch, y yaw, z roll), arriving after
    /// `duration` when the caps allow (zero: as fast as they allow). Relative
    /// moves start from the measured position. At most 2 orientation or
    /// animation calls per sliding second; a third throws `frameRateTooHigh`.
    @discardableResult
    public func setOrientation(_ orientation: Vector3, duration: Duration = .zero, relative: Bool = false)
        async throws(SwivelKitError) -> MoveProgress
    {
        try await move(.angles(orientation), duration: duration, relative: relative)
    }

    /// The same with a unit quaternion (intrinsic yaw, then pitch, then roll; see `Quaternion`).
    @discardableResult
    public func setOrientation(_ orientation: Quaternion, duration: Duration = .zero, relative: Bool = false)
        async throws(SwivelKitError) -> MoveProgress
    {
        try await move(.quaternion(orientation), duration: duration, relative: relative)
    }

    private func move(_ target: OrientationTarget, duration: Duration, relative: Bool) async throws(SwivelKitError) -> MoveProgress {
        let request = OrientationRequest(target: target, durationSeconds: duration.inSeconds, relative: relative)
        return try Self.progress(from: await command(.setOrientation(request)))
    }

    /// Plays a built-in animation from the current position, scaled to fit the limits.
    @discardableResult
    public func animate(motion: AnimationName) async throws(SwivelKitError) -> MoveProgress {
        try Self.progress(from: await command(.animate(motion)))
    }

    static func progress(from reply: LinkReply) throws(SwivelKitError) -> MoveProgress {
        guard case .move(let progress) = reply else {
            throw SwivelKitError(.badLength, "the stand acknowledged a move without its receipt")
        }
        return progress
    }

    /// Decelerates every axis to rest and cancels what runs. Always allowed.
    public func stop() async throws(SwivelKitError) {
        _ = try await command(.stop)
    }

    /// Restricts each axis given (absent axes keep the hardware limits); an
    /// axis outside its new range moves back in at its capped speed.
    public func setLimits(_ limits: UserLimits) async throws(SwivelKitError) {
        _ = try await command(.setLimits(LimitsRequest(limits)))
    }

    /// Clears a latched motor fault (MOTION_STATE's `fault`): the stand
    /// re-enables its drivers where the axes are and takes motion again. A
    /// Swivel addition; refused as `busy` while the axes are still stopping.
    public func clearMotorFault() async throws(SwivelKitError) {
        _ = try await command(.clearFault)
    }

    /// Holds one pulse-width servo axis at a raw pulse width, past its
    /// calibration and its angle limits, to find its end points
    /// (SET_SERVO_PULSE, a Swivel addition). 500...2500 µs; needs system
    /// tracking off and the stand at rest; the next motion command, STOP or
    /// the session's end returns the axis to its angles.
    public func setServoPulse(axis: Axis, microseconds: Double) async throws(SwivelKitError) {
        _ = try await command(.setServoPulse(axis: axis, pulseMicroseconds: microseconds))
    }

    /// Back to the board's limits.
    public func resetLimits() async throws(SwivelKitError) {
        _ = try await command(.resetLimits)
    }

    /// Asks the stand for everything it reports (GET_STATE).
    public func state() async throws(SwivelKitError) -> StateReport {
        guard case .ack(.state(let report)) = try await command(.getState) else {
            throw SwivelKitError(.badLength, "the stand answered GET_STATE without a state report")
        }
        return StateReport(report)
    }

    // MARK: - Tracking

    /// Custom tracking: one camera frame's observations, 10 to 30 times a second,
    /// with system tracking off. `captureAge` is how long ago the frame was captured.
    public func track(_ observations: [Observation], camera: CameraInformation, captureAge: Duration = .zero)
        async throws(SwivelKitError)
    {
        guard observations.count <= TrackBatch.maximumObservations else {
            throw SwivelKitError(.invalidParameter, "at most \(TrackBatch.maximumObservations) observations per batch; got \(observations.count)")
        }
        // The codec sends nine numbers whatever it is given: a wrong count is refused here, not padded or cut.
        if let matrix = camera.intrinsics?.matrix, matrix.count != 9 {
            throw SwivelKitError(.invalidParameter, "camera intrinsics must be a 3×3 matrix (9 numbers, row-major); got \(matrix.count)")
        }
        let microseconds = max(0, captureAge.inSeconds * 1e6)
        let batch = TrackBatch(
            captureAgeMicroseconds: microseconds.isFinite ? UInt32(min(microseconds, Double(UInt32.max))) : 0,
            camera: camera, observations: observations)
        _ = try await command(.track(batch))
    }

    /// Selects the subject whose rect contains `point` (normalized, UPPER-left origin).
    public func selectSubject(at point: NormalizedPointUpperLeft) async throws(SwivelKitError) {
        _ = try await command(.selectSubject(at: point))
    }

    /// Locks onto these subjects (from `trackingStates`); [] returns to automatic selection.
    public func selectSubjects(_ identifiers: [UUID]) async throws(SwivelKitError) {
        guard identifiers.count <= HostMessage.maximumSelectedSubjects else {
            throw SwivelKitError(.invalidParameter, "at most \(HostMessage.maximumSelectedSubjects) subjects; got \(identifiers.count)")
        }
        _ = try await command(.selectSubjects(identifiers.map(WireUUID.init)))
    }

    /// The framing mode last accepted by the stand (`automatic` until then).
    public var framingMode: FramingMode { settings.withLock { $0.framingMode } }

    public func setFramingMode(_ mode: FramingMode) async throws(SwivelKitError) {
        _ = try await command(.setFramingMode(mode))
        settings.withLock { $0.framingMode = mode }
    }

    /// The region of interest last accepted by the stand (the full frame until then).
    public var regionOfInterest: NormalizedRectUpperLeft { settings.withLock { $0.regionOfInterest } }

    /// Normalized, UPPER-left origin.
    public func setRegionOfInterest(_ region: NormalizedRectUpperLeft) async throws(SwivelKitError) {
        _ = try await command(.setRegionOfInterest(region))
        settings.withLock { $0.regionOfInterest = region }
    }
}
