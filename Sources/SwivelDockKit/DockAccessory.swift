internal import SwivelKit
internal import SwivelSync

/// A docked stand, as DockKit's `DockAccessory`: one host session's commands
/// and streams. Once it undocks its streams end and its calls throw
/// `notConnected`; the next dock brings a new `DockAccessory`.
public final class DockAccessory: Hashable, Sendable, CustomStringConvertible {
    let swivel: SwivelKit.DockAccessory

    public let identifier: Identifier
    public var firmwareVersion: String? { swivel.firmwareVersion }
    public var hardwareModel: String? { swivel.hardwareModel }

    /// The limits last read from the stand: what `limits` answers while the link is down.
    private let lastLimits: PIMutex<Limits?> = PIMutex(nil)

    init(_ accessory: SwivelKit.DockAccessory) {
        swivel = accessory
        identifier = Identifier(name: accessory.identifier.name, category: .trackingStand, uuid: accessory.identifier.uuid)
    }

    public static func == (a: DockAccessory, b: DockAccessory) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { swivel.description }

    // MARK: - Streams

    /// One of SwivelKit's streams as DockKit's, while this accessory is docked.
    private func stream<Source: Sendable, Element: Sendable>(
        _ source: AsyncStream<Source>, _ transform: @escaping @Sendable (Source) -> Element?
    ) throws(DockKitError) -> AsyncStream<Element> {
        guard swivel.isDocked else {
            throw DockKitError(.notConnected, reason: "this accessory undocked; use the one from the latest docked state change")
        }
        return relay(source, transform)
    }

    /// Positions and velocities, at the stand's motion-state rate.
    public var motionStates: AsyncStream<MotionState> {
        get throws { try stream(swivel.motionStates, MotionState.init) }
    }

    /// Presses and releases of the stand's buttons.
    public var accessoryEvents: AsyncStream<AccessoryEvent> {
        get throws { try stream(swivel.accessoryEvents, AccessoryEvent.init) }
    }

    /// One element per battery whenever anything about it changes, starting with each one's latest state.
    public var batteryStates: AsyncStream<BatteryState> {
        get throws { try stream(swivel.batteryStates, BatteryState.init) }
    }

    /// The subjects the stand tracks, 10 times a second.
    public var trackingStates: AsyncStream<TrackingState> {
        get throws { try stream(swivel.trackingStates, TrackingState.init) }
    }

    // MARK: - Motors

    /// Turns at `velocity` (rad/s; x pitch, y yaw, z roll) until told otherwise; zero stops.
    public func setAngularVelocity(_ velocity: Vector3D) async throws {
        try await translatingErrors { () async throws(SwivelKitError) in try await swivel.setAngularVelocity(velocity.swivel) }
    }

    /// Moves to `orientation` (radians), arriving after `duration` when the caps
    /// allow it (zero: as fast as they allow); `relative` starts from the
    /// measured position. Synchronous as in DockKit: it waits on this thread for
    /// the stand's receipt (one round trip), so the stand's refusals throw here:
    /// a third call within a second throws `frameRateTooHigh`.
    @discardableResult
    public func setOrientation(_ orientation: Vector3D, duration: Duration = .zero, relative: Bool = false) throws -> Progress {
        let move = try waitForReply { swivel.setOrientation(orientation.swivel, duration: duration, relative: relative, completion: $0) }
        return .following(move)
    }

    /// The same with a rotation (yaw, then pitch, then roll).
    @discardableResult
    public func setOrientation(_ orientation: Rotation3D, duration: Duration = .zero, relative: Bool = false) throws -> Progress {
        let move = try waitForReply { swivel.setOrientation(orientation.swivel, duration: duration, relative: relative, completion: $0) }
        return .following(move)
    }

    /// Plays a built-in animation from the current position, scaled to fit the limits.
    @discardableResult
    public func animate(motion: Animation) async throws -> Progress {
        let move = try await translatingErrors { () async throws(SwivelKitError) in try await swivel.animate(motion: motion.swivel) }
        return .following(move)
    }

    /// Restricts each axis given; absent axes keep the hardware limits. The
    /// limits in force are the intersection with the hardware's; an axis
    /// outside its new range moves back in at its capped speed. Synchronous
    /// as in DockKit (one round trip). They last for this session.
    public func setLimits(_ limits: Limits) throws {
        let request = try limits.swivel
        try waitForReply { swivel.setLimits(request, completion: $0) }
        lastLimits.withLock { $0 = nil }
    }

    /// The limits in force, from the stand (one round trip): the hardware's,
    /// narrowed by `setLimits`. The last known ones while the link is down.
    public var limits: Limits {
        let read = try? waitForReply { swivel.state(completion: $0) }
        return lastLimits.withLock { last in
            if let read {
                last = Limits(
                    yaw: read.limits.yaw.map(Limits.Limit.init(inForce:)), pitch: read.limits.pitch.map(Limits.Limit.init(inForce:)),
                    roll: read.limits.roll.map(Limits.Limit.init(inForce:)))
            }
            return last ?? Limits(yaw: nil, pitch: nil, roll: nil)
        }
    }

    /// Blocks this thread until the link thread answers `start`'s command.
    private func waitForReply<T: Sendable>(
        _ start: (@escaping SwivelKit.DockAccessory.Completion<T>) -> Void
    ) throws(DockKitError) -> T {
        let done = DispatchSemaphore(value: 0)
        let outcome = PIMutex<Result<T, SwivelKitError>?>(nil)
        start { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        switch outcome.withLock({ $0 }) {
        case .success(let value): return value
        case .failure(let error): throw DockKitError(error)
        case nil: throw DockKitError(.transport, reason: "the link answered without a result")
        }
    }

    // MARK: - Tracking

    /// Custom tracking: one camera frame's observations, 10 to 30 times a second, with system tracking off.
    public func track(_ observations: [Observation], cameraInformation: CameraInformation) async throws {
        let camera = try cameraInformation.swivel()
        try await translatingErrors { () async throws(SwivelKitError) in
            try await swivel.track(observations.map(\.swivel), cameraInformation: camera)
        }
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
