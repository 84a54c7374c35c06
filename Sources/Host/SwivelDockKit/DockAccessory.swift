internal import SwivelKit
internal import SwivelSync

/// A docked stand, as DockKit's `DockAccessory`: one host session's commands
/// and streams. Once it undocks its streams end and its calls throw
/// `notConnected`; the next dock brings a new `DockAccessory`, equal to this
/// one (equality is the stand's identity, its `identifier`, which stays the
/// same across sessions and reboots).
public final class DockAccessory: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    let swivel: SwivelKit.StandSession

    public let identifier: Identifier
    public var firmwareVersion: String? { swivel.firmwareVersion }
    public var hardwareModel: String? { swivel.hardwareModel }

    /// The stand's clock on this host's wall clock, for the streams' timestamps.
    let clock = StandClock()
    /// The orientation and animation budget, counted here for the synchronous calls.
    let orientationRate = OrientationRate()

    init(_ accessory: SwivelKit.StandSession) {
        swivel = accessory
        identifier = Identifier(name: accessory.identity.name, category: .trackingStand, uuid: accessory.identity.uuid)
    }

    /// The same stand: one physical accessory is equal to itself across docks,
    /// so an app may keep it in a set or compare it with the one it had.
    public static func == (a: DockAccessory, b: DockAccessory) -> Bool { a.identifier == b.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
    public var description: String { swivel.description }
    public var debugDescription: String {
        "DockAccessory(\(identifier.debugDescription), firmware: \(swivel.firmwareVersion), model: \(swivel.hardwareModel), "
            + (swivel.isDocked ? "docked)" : "undocked)")
    }

    // MARK: - Streams

    /// One of SwivelKit's streams as DockKit's, while this accessory is docked.
    private func stream<Source: Sendable, Element: Sendable>(
        _ source: AsyncStream<Source>, _ transform: @escaping @Sendable (Source) -> Element?
    ) throws -> AsyncStream<Element> {
        try requireDocked()
        return relay(source, transform)
    }

    private func requireDocked() throws {
        guard swivel.isDocked else { throw DockKitError.notConnected }
    }

    /// Positions and velocities, at the stand's motion-state rate.
    public var motionStates: MotionStates {
        get throws { MotionStates(stream: try stream(swivel.motionStates) { [clock] in MotionState($0, clock: clock) }) }
    }

    /// Presses and releases of the stand's buttons.
    public var accessoryEvents: AccessoryEvents {
        get throws { AccessoryEvents(stream: try stream(swivel.accessoryEvents, AccessoryEvent.init)) }
    }

    /// One element per battery whenever anything about it changes, starting with each one's latest state.
    public var batteryStates: BatteryStates {
        get throws { BatteryStates(stream: try stream(swivel.batteryStates, BatteryState.init)) }
    }

    /// The subjects the stand tracks, 10 times a second.
    public var trackingStates: TrackingStates {
        get throws { TrackingStates(stream: try stream(swivel.trackingStates) { [clock] in TrackingState($0, clock: clock) }) }
    }

    // MARK: - Motors

    /// Turns at `velocity` (rad/s; x pitch, y yaw, z roll) until told otherwise; zero stops.
    public func setAngularVelocity(_ velocity: Vector3D) async throws {
        try await translatingErrors { () async throws(SwivelKitError) in try await swivel.setAngularVelocity(velocity.swivel) }
    }

    /// Moves to `orientation` (radians), arriving after `duration` when the caps
    /// allow it (zero: as fast as they allow); `relative` starts from the
    /// measured position. DockKit's iOS 18 form: it suspends (holding no
    /// thread) until the stand's receipt, so every refusal of the stand throws
    /// here: a third call within a second throws `frameRateTooHigh`.
    @discardableResult
    public func setOrientation(_ orientation: Vector3D, duration: Duration = .seconds(0), relative: Bool = false) async throws -> Progress {
        let move = try await translatingErrors { () async throws(SwivelKitError) in
            try await swivel.setOrientation(orientation.swivel, duration: duration, relative: relative)
        }
        orientationRate.record(at: swivel.linkNow)
        return .following(move)
    }

    /// The same with a rotation (yaw, then pitch, then roll).
    @discardableResult
    public func setOrientation(_ orientation: Rotation3D, duration: Duration = .seconds(0), relative: Bool = false) async throws -> Progress {
        let move = try await translatingErrors { () async throws(SwivelKitError) in
            try await swivel.setOrientation(orientation.swivel, duration: duration, relative: relative)
        }
        orientationRate.record(at: swivel.linkNow)
        return .following(move)
    }

    /// DockKit's synchronous form (deprecated by iOS 18 in favour of the
    /// async one). It never waits for the stand: it throws what it can tell
    /// here (`notConnected`; `frameRateTooHigh` by the budget counted on this
    /// host) and returns at once; a refusal the stand makes later (system
    /// tracking on, a target it rejects) ends the Progress cancelled.
    @discardableResult
    public func setOrientation(_ orientation: Vector3D, duration: Duration = .seconds(0), relative: Bool = false) throws -> Progress {
        try startMove { swivel.setOrientation(orientation.swivel, duration: duration, relative: relative, completion: $0) }
    }

    /// The synchronous form with a rotation.
    @discardableResult
    public func setOrientation(_ orientation: Rotation3D, duration: Duration = .seconds(0), relative: Bool = false) throws -> Progress {
        try startMove { swivel.setOrientation(orientation.swivel, duration: duration, relative: relative, completion: $0) }
    }

    private func startMove(_ send: (@escaping SwivelKit.StandSession.Completion<MoveProgress>) -> Void) throws -> Progress {
        try requireDocked()
        let admitted = swivel.linkNow
        try orientationRate.admit(at: admitted)
        let progress = Progress(totalUnitCount: Progress.moveUnitCount)
        send { [orientationRate] result in
            switch result {
            case .success(let move): progress.follow(move)
            case .failure:
                orientationRate.release(admitted)
                progress.endRefused()
            }
        }
        return progress
    }

    /// Plays a built-in animation from the current position, scaled to fit the limits.
    @discardableResult
    public func animate(motion: Animation) async throws -> Progress {
        let move = try await translatingErrors { () async throws(SwivelKitError) in try await swivel.animate(motion: motion.swivel) }
        orientationRate.record(at: swivel.linkNow)
        return .following(move)
    }

    /// Restricts each axis given; absent axes keep the hardware limits. The
    /// limits in force are the intersection with the hardware's; an axis
    /// outside its new range moves back in at its capped speed. Synchronous
    /// as in DockKit: it waits on this thread for the stand's reply (one
    /// round trip, answered on the link's own thread). They last for this session.
    public func setLimits(_ limits: Limits) throws {
        try requireDocked()
        let request = try limits.swivel
        try waitForReply { swivel.setLimits(request, completion: $0) }
    }

    /// The limits in force, from the stand (one round trip, as `setLimits`):
    /// the hardware's, narrowed by `setLimits`. Throws `notConnected` once undocked.
    public var limits: Limits {
        get throws {
            try requireDocked()
            let read = try waitForReply { swivel.state(completion: $0) }
            return Limits(
                yaw: read.limits.yaw.map(Limits.Limit.init(inForce:)), pitch: read.limits.pitch.map(Limits.Limit.init(inForce:)),
                roll: read.limits.roll.map(Limits.Limit.init(inForce:)))
        }
    }

    /// Blocks this thread until the link thread answers `start`'s command.
    private func waitForReply<T: Sendable>(
        _ start: (@escaping SwivelKit.StandSession.Completion<T>) -> Void
    ) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let outcome = PIMutex<Result<T, SwivelKitError>?>(nil)
        start { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        switch outcome.withLock({ $0 }) {
        case .success(let value): return value
        case .failure(let error): throw dockKitError(error)
        case nil: throw SwivelStandError(.transport, reason: "the link answered without a result")
        }
    }

    // MARK: - Tracking

    /// Custom tracking: one camera frame's observations, 10 to 30 times a second, with system tracking off.
    public func track(_ observations: [Observation], cameraInformation: CameraInformation) async throws {
        let camera = try cameraInformation.swivel()
        try await translatingErrors { () async throws(SwivelKitError) in
            try await swivel.track(observations.map(\.swivel), camera: camera)
        }
    }

    /// The same with the frame they came from. The pixels stay on this host
    /// (the stand never receives images); the frame's size stands in for
    /// `referenceDimensions` when intrinsics come without them.
    public func track(_ observations: [Observation], cameraInformation: CameraInformation, image: CVPixelBuffer) async throws {
        try await track(observations, cameraInformation: cameraInformation.sized(by: image))
    }

    /// Faces and bodies from the camera pipeline's metadata, as observations
    /// (other kinds of metadata are no subjects and are left out).
    public func track(_ metadata: [AVMetadataObject], cameraInformation: CameraInformation) async throws {
        try await track(metadata.compactMap(Observation.init), cameraInformation: cameraInformation)
    }

    /// The metadata with the frame they came from.
    public func track(_ metadata: [AVMetadataObject], cameraInformation: CameraInformation, image: CVPixelBuffer) async throws {
        try await track(metadata.compactMap(Observation.init), cameraInformation: cameraInformation.sized(by: image))
    }

    /// Selects the subject at `point`: normalized, UPPER-left origin.
    public func selectSubject(at point: CGPoint) async throws {
        try await translatingErrors { () async throws(SwivelKitError) in
            try await swivel.selectSubject(at: NormalizedPointUpperLeft(x: Double(point.x), y: Double(point.y)))
        }
    }

    /// Locks onto these subjects (from `trackingStates`); [] returns to automatic selection.
    public func selectSubjects(_ subjects: [UUID]) async throws {
        try await translatingErrors { () async throws(SwivelKitError) in try await swivel.selectSubjects(subjects) }
    }

    public var framingMode: FramingMode { FramingMode(swivel.framingMode) }

    public func setFramingMode(_ mode: FramingMode) async throws {
        try await translatingErrors { () async throws(SwivelKitError) in try await swivel.setFramingMode(mode.swivel) }
    }

    /// Normalized, UPPER-left origin; the full frame until set.
    public var regionOfInterest: CGRect { CGRect(swivel.regionOfInterest) }

    /// Normalized, UPPER-left origin.
    public func setRegionOfInterest(_ region: CGRect) async throws {
        try await translatingErrors { () async throws(SwivelKitError) in
            try await swivel.setRegionOfInterest(NormalizedRectUpperLeft(region))
        }
    }
}

extension DockAccessory.CameraInformation {
    /// With the frame's size as `referenceDimensions` when intrinsics came without them.
    func sized(by image: CVPixelBuffer) -> Self {
        var sized = self
        if sized.cameraIntrinsics != nil, sized.referenceDimensions == nil {
            sized.referenceDimensions = CGSize(width: image.width, height: image.height)
        }
        return sized
    }
}
