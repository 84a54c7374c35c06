public import SwivelVocabulary

/// Why a payload could not become a message. The session answers each with an
/// ERR frame (unknownMessage, badLength or invalidParameter) and changes nothing.
public enum MessageError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownMessage(id: UInt8)
    /// A message that travels the other way (a host sending ACK, say).
    case wrongDirection(MessageID)
    case badLength(MessageID, received: Int, required: Int)
    /// An enumerated field holds a value this version does not define.
    case unknownValue(MessageID, field: String, value: UInt64)
    /// A count field larger than the message allows.
    case tooMany(MessageID, field: String, count: Int, maximum: Int)
    /// A number outside its range (docs/PROTOCOL.md, "Field ranges"), or
    /// another rule of the message broken; the ERR carries the axis and value.
    case invalid(MessageID, SwivelError)

    public var description: String {
        switch self {
        case .unknownMessage(let id): "unknown message id 0x\(String(id, radix: 16))"
        case .wrongDirection(let id): "\(id) is not sent in this direction"
        case .badLength(let id, let received, let required):
            "\(id) payload is \(received) bytes; it needs at least \(required)"
        case .unknownValue(let id, let field, let value): "\(id): unknown \(field) \(value)"
        case .tooMany(let id, let field, let count, let maximum): "\(id): \(count) \(field), at most \(maximum)"
        case .invalid(let id, let error): "\(id): \(error)"
        }
    }

    /// The ERR code a session answers with.
    public var wireCode: SwivelError.Code {
        switch self {
        case .unknownMessage, .wrongDirection: .unknownMessage
        case .badLength: .badLength
        case .unknownValue, .tooMany: .invalidParameter
        case .invalid(_, let error): error.code
        }
    }
}
