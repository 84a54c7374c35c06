public import SwivelVocabulary

/// Everything a host sends. Each is a command: the accessory answers it with
/// ACK or ERR carrying the same sequence number (HELLO with IDENTITY or ERR).
public enum HostMessage: Equatable, Sendable {
    case hello(Hello)
    case heartbeat
    /// Ends the session at once instead of waiting for the heartbeat timeout.
    case bye
    case setAngularVelocity(Vector3)
    case setOrientation(OrientationRequest)
    case animate(AnimationName)
    case stop
    case cancel(requestID: UInt32)
    case setLimits(LimitsRequest)
    case resetLimits
    /// Clears a latched motor fault (a Swivel addition; DockKit has no faults to clear).
    case clearFault
    case getState
    case setSystemTracking(enabled: Bool)
    case track(TrackBatch)
    case setFramingMode(FramingMode)
    case setRegionOfInterest(NormalizedRectUpperLeft)
    case selectSubject(at: NormalizedPointUpperLeft)
    /// [] returns to automatic selection.
    case selectSubjects([WireUUID])
    /// The vision link saw a gesture; a host session's is refused (`notSupported`).
    case gesture(Gesture)
    /// Sends one servo axis a raw pulse width, µs, to find its end points (a
    /// Swivel addition, as Klipper's SET_SERVO WIDTH).
    case setServoPulse(axis: Axis, pulseMicroseconds: Double)

    public static let maximumSelectedSubjects = 16

    public var messageID: MessageID {
        switch self {
        case .hello: .hello
        case .heartbeat: .heartbeat
        case .bye: .bye
        case .setAngularVelocity: .setAngularVelocity
        case .setOrientation: .setOrientation
        case .animate: .animate
        case .stop: .stop
        case .cancel: .cancel
        case .setLimits: .setLimits
        case .resetLimits: .resetLimits
        case .clearFault: .clearFault
        case .getState: .getState
        case .setSystemTracking: .setSystemTracking
        case .track: .track
        case .setFramingMode: .setFramingMode
        case .setRegionOfInterest: .setRegionOfInterest
        case .selectSubject: .selectSubjectAt
        case .selectSubjects: .selectSubjects
        case .gesture: .gesture
        case .setServoPulse: .setServoPulse
        }
    }

    public func encodePayload() -> [UInt8] {
        var w = ByteWriter()
        switch self {
        case .hello(let hello): hello.encode(to: &w)
        case .heartbeat, .bye, .stop, .resetLimits, .getState, .clearFault: break
        case .setAngularVelocity(let v): w.vector(v)
        case .setOrientation(let request): request.encode(to: &w)
        case .animate(let name): w.u8(name.rawValue)
        case .cancel(let id): w.u32(id)
        case .setLimits(let limits): limits.encode(to: &w)
        case .setSystemTracking(let enabled): w.bool(enabled)
        case .track(let batch): batch.encode(to: &w)
        case .setFramingMode(let mode): w.u8(mode.rawValue)
        case .setRegionOfInterest(let rect): w.rect(rect)
        case .selectSubject(let point): w.f32(point.x); w.f32(point.y)
        case .selectSubjects(let ids):
            let sent = ids.prefix(Self.maximumSelectedSubjects)
            w.u8(UInt8(sent.count))
            for id in sent { w.uuid(id) }
        case .gesture(let gesture): gesture.encode(to: &w)
        case .setServoPulse(let axis, let microseconds):
            w.u8(UInt8(axis.rawValue))
            w.f32(microseconds)
        }
        return w.bytes
    }

    /// The message in `payload`, its numbers checked against their ranges
    /// (`validate`): a message that decodes is one the stand may act on.
    public static func decode(messageID rawID: UInt8, payload: [UInt8]) throws(MessageError) -> HostMessage {
        guard let id = MessageID(rawValue: rawID) else { throw .unknownMessage(id: rawID) }
        let message = try decodeFields(id, payload: payload)
        do {
            try message.validate()
        } catch {
            throw .invalid(id, error)
        }
        return message
    }

    private static func decodeFields(_ id: MessageID, payload: [UInt8]) throws(MessageError) -> HostMessage {
        var r = ByteReader(payload)
        switch id {
        case .hello: return .hello(try Hello.decode(from: &r))
        case .heartbeat: return .heartbeat
        case .bye: return .bye
        case .setAngularVelocity:
            try r.require(12, for: id)
            return .setAngularVelocity(r.vector())
        case .setOrientation: return .setOrientation(try OrientationRequest.decode(from: &r))
        case .animate:
            try r.require(1, for: id)
            let raw = r.u8()
            guard let name = AnimationName(rawValue: raw) else { throw .unknownValue(id, field: "animation", value: UInt64(raw)) }
            return .animate(name)
        case .stop: return .stop
        case .cancel:
            try r.require(4, for: id)
            return .cancel(requestID: r.u32())
        case .setLimits: return .setLimits(try LimitsRequest.decode(from: &r))
        case .resetLimits: return .resetLimits
        case .clearFault: return .clearFault
        case .getState: return .getState
        case .setSystemTracking:
            try r.require(1, for: id)
            return .setSystemTracking(enabled: r.bool())
        case .track: return .track(try TrackBatch.decode(from: &r))
        case .setFramingMode:
            try r.require(1, for: id)
            let raw = r.u8()
            guard let mode = FramingMode(rawValue: raw) else { throw .unknownValue(id, field: "framing mode", value: UInt64(raw)) }
            return .setFramingMode(mode)
        case .setRegionOfInterest:
            try r.require(16, for: id)
            return .setRegionOfInterest(r.upperLeftRect())
        case .selectSubjectAt:
            try r.require(8, for: id)
            return .selectSubject(at: NormalizedPointUpperLeft(x: r.f32(), y: r.f32()))
        case .selectSubjects:
            try r.require(1, for: id)
            let count = Int(r.u8())
            guard count <= maximumSelectedSubjects else {
                throw .tooMany(id, field: "subject ids", count: count, maximum: maximumSelectedSubjects)
            }
            try r.require(1 + 16 * count, for: id)
            return .selectSubjects((0..<count).map { _ in r.uuid() })
        case .gesture: return .gesture(try Gesture.decode(from: &r))
        case .setServoPulse:
            try r.require(5, for: id)
            let raw = r.u8()
            guard let axis = Axis(rawValue: Int(raw)) else { throw .unknownValue(id, field: "axis", value: UInt64(raw)) }
            return .setServoPulse(axis: axis, pulseMicroseconds: r.f32())
        case .identity, .ack, .error, .motionState, .progress, .accessoryEvent, .batteryState, .trackingState, .dockState:
            throw .wrongDirection(id)
        }
    }
}

extension HostMessage {
    /// Checks every number against `InputRanges` (docs/PROTOCOL.md, "Field
    /// ranges"), so an absurd value is refused with `invalidParameter` naming
    /// the field, the axis and the value before it reaches the motion loop or
    /// the tracking pipeline. Bit masks are checked as they are read (`decode`
    /// keeps no undefined bit to check later). Rules that need the stand (an
    /// axis it lacks, the hardware range) are the stand's.
    public func validate() throws(SwivelError) {
        switch self {
        case .setAngularVelocity(let velocity):
            try InputRanges.check(angularVelocity: velocity)
        case .setOrientation(let request):
            try InputRanges.check(orientation: request.target, durationSeconds: request.durationSeconds)
        case .setLimits(let request):
            _ = try request.userLimits()
        case .track(let batch):
            try batch.validate()
        case .setRegionOfInterest(let region):
            try InputRanges.check(region)
        case .selectSubject(let point):
            try InputRanges.check(point)
        case .gesture(let gesture):
            try InputRanges.gestureConfidence.check(gesture.confidence)
        case .setServoPulse(let axis, let microseconds):
            try InputRanges.servoPulse.check(microseconds, axis: axis)
        case .hello, .heartbeat, .bye, .animate, .stop, .cancel, .resetLimits, .clearFault, .getState,
             .setSystemTracking, .setFramingMode, .selectSubjects:
            break
        }
    }
}
