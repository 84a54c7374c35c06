public import SwivelVocabulary

/// Everything the accessory sends: replies (IDENTITY, ACK, ERR) carry the
/// command's sequence number; telemetry carries the accessory's own counter,
/// so a host can count what it missed.
public enum AccessoryMessage: Equatable, Sendable {
    case identity(Identity)
    case ack(Ack)
    case error(ErrorReply)
    case motionState(MotionStateReport)
    case progress(MotionProgress)
    case accessoryEvent(AccessoryEvent)
    case batteryState(BatteryState)
    case trackingState(TrackingStateReport)
    case dockState(DockState)

    public var messageID: MessageID {
        switch self {
        case .identity: .identity
        case .ack: .ack
        case .error: .error
        case .motionState: .motionState
        case .progress: .progress
        case .accessoryEvent: .accessoryEvent
        case .batteryState: .batteryState
        case .trackingState: .trackingState
        case .dockState: .dockState
        }
    }

    /// Replies answer a command; the rest is lossy telemetry.
    public var isReply: Bool {
        switch self {
        case .identity, .ack, .error: true
        default: false
        }
    }

    public func encodePayload() -> [UInt8] {
        var w = ByteWriter()
        switch self {
        case .identity(let identity): identity.encode(to: &w)
        case .ack(let ack): ack.encode(to: &w)
        case .error(let error): error.encode(to: &w)
        case .motionState(let state): state.encode(to: &w)
        case .progress(let progress): MotionProgress.encode(progress, to: &w)
        case .accessoryEvent(let event): event.encode(to: &w)
        case .batteryState(let battery): battery.encode(to: &w)
        case .trackingState(let tracking): tracking.encode(to: &w)
        case .dockState(let dock): dock.encode(to: &w)
        }
        return w.bytes
    }

    public static func decode(messageID rawID: UInt8, payload: [UInt8]) throws(MessageError) -> AccessoryMessage {
        guard let id = MessageID(rawValue: rawID) else { throw .unknownMessage(id: rawID) }
        var r = ByteReader(payload)
        switch id {
        case .identity: return .identity(try Identity.decode(from: &r))
        case .ack: return .ack(try Ack.decode(from: &r))
        case .error: return .error(try ErrorReply.decode(from: &r))
        case .motionState: return .motionState(try MotionStateReport.decode(from: &r))
        case .progress:
            try r.require(MotionProgress.wireBytes, for: id)
            return .progress(try MotionProgress.decode(from: &r, messageID: id))
        case .accessoryEvent: return .accessoryEvent(try AccessoryEvent.decode(from: &r))
        case .batteryState: return .batteryState(try BatteryState.decode(from: &r))
        case .trackingState: return .trackingState(try TrackingStateReport.decode(from: &r))
        case .dockState: return .dockState(try DockState.decode(from: &r))
        default: throw .wrongDirection(id)
        }
    }
}
