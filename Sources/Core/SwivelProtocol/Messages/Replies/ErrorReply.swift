public import SwivelVocabulary

/// ERR: a command was rejected and changed nothing. Its layout is frozen
/// across protocol versions, so a version-mismatch ERR is readable by any host.
public struct ErrorReply: Equatable, Sendable, CustomStringConvertible {
    /// The rejected message's id (0 when it could not be read).
    public var commandID: UInt8
    public var code: SwivelError.Code
    public var axis: Axis?
    public var value: Double?
    /// For people; never parsed.
    public var reason: String

    public init(commandID: UInt8, code: SwivelError.Code, axis: Axis? = nil, value: Double? = nil, reason: String) {
        self.commandID = commandID
        self.code = code
        self.axis = axis
        self.value = value
        self.reason = reason
    }

    public init(commandID: UInt8, _ error: SwivelError) {
        self.init(commandID: commandID, code: error.code, axis: error.axis, value: error.value, reason: error.reason.text)
    }

    /// The answer to a payload that did not become a message: an out-of-range
    /// field keeps its axis and value, the rest say why in words.
    public init(commandID: UInt8, _ error: MessageError) {
        if case .invalid(_, let invalid) = error {
            self.init(commandID: commandID, invalid)
        } else {
            self.init(commandID: commandID, code: error.wireCode, reason: error.description)
        }
    }

    public var description: String {
        var text = "\(code): "
        if let axis { text += "\(axis): " }
        text += reason
        if let value { text += " (got \(NumberText.shortest(value)))" }
        return text
    }

    static let minimumBytes = 8

    func encode(to w: inout ByteWriter) {
        w.u8(commandID)
        w.u8(code.rawValue)
        w.u8((axis == nil ? 0 : 1) | (value == nil ? 0 : 2))
        w.u8(UInt8(axis?.rawValue ?? 0))
        w.f32(value ?? 0)
        w.string(reason)
    }

    static func decode(from r: inout ByteReader) throws(MessageError) -> ErrorReply {
        try r.require(minimumBytes, for: .error)
        let commandID = r.u8()
        let rawCode = r.u8()
        guard let code = SwivelError.Code(rawValue: rawCode) else {
            throw .unknownValue(.error, field: "code", value: UInt64(rawCode))
        }
        let present = r.u8()
        let rawAxis = r.u8()
        let value = r.f32()
        return ErrorReply(
            commandID: commandID, code: code, axis: present & 1 != 0 ? Axis(rawValue: Int(rawAxis)) : nil,
            value: present & 2 != 0 ? value : nil, reason: r.string())
    }
}
