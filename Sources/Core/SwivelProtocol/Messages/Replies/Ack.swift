public import SwivelVocabulary

/// ACK: the command was applied (or, for a retransmission, had been). What
/// follows the command id depends on the command.
public struct Ack: Equatable, Sendable {
    public enum Body: Equatable, Sendable {
        case none
        /// SET_ORIENTATION and ANIMATE: the progress handle's request.
        case moveStarted(MoveReceipt)
        /// GET_STATE.
        case state(StateReport)
    }

    public var commandID: UInt8
    public var body: Body

    public init(commandID: MessageID, body: Body = .none) {
        self.commandID = commandID.rawValue
        self.body = body
    }

    public init(rawCommandID: UInt8, body: Body) {
        commandID = rawCommandID
        self.body = body
    }

    static let minimumBytes = 1

    func encode(to w: inout ByteWriter) {
        w.u8(commandID)
        switch body {
        case .none: break
        case .moveStarted(let receipt): receipt.encode(to: &w)
        case .state(let state): state.encode(to: &w)
        }
    }

    static func decode(from r: inout ByteReader) throws(MessageError) -> Ack {
        try r.require(minimumBytes, for: .ack)
        let commandID = r.u8()
        switch MessageID(rawValue: commandID) {
        case .setOrientation, .animate:
            try r.require(1 + MoveReceipt.wireBytes, for: .ack)
            return Ack(rawCommandID: commandID, body: .moveStarted(MoveReceipt.decode(from: &r)))
        case .getState:
            try r.require(1 + StateReport.minimumBytes, for: .ack)
            return Ack(rawCommandID: commandID, body: .state(try StateReport.decode(from: &r)))
        default:
            return Ack(rawCommandID: commandID, body: .none)
        }
    }
}

extension MoveReceipt {
    static let wireBytes = 21

    func encode(to w: inout ByteWriter) {
        w.u32(requestID)
        w.f32(plannedDurationSeconds)
        w.f32(target.pitch)
        w.f32(target.yaw)
        w.f32(target.roll)
        w.u8(clampedAxes.rawValue)
    }

    static func decode(from r: inout ByteReader) -> MoveReceipt {
        let id = r.u32()
        let duration = r.f32()
        let target = Vector3(pitch: r.f32(), yaw: r.f32(), roll: r.f32())
        return MoveReceipt(requestID: id, plannedDurationSeconds: duration, target: target, clampedAxes: AxisSet(rawValue: r.u8() & 0b111))
    }
}
