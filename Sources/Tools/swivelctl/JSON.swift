import SwivelKit

/// Just enough JSON to print one object per line, keys in a fixed order.
indirect enum JSON {
    case null
    case bool(Bool)
    case number(Double)
    /// A value that crossed the wire as an f32: printed at f32 precision, so
    /// 0.7 reads 0.7 and not 0.699999988079071 (`.number` does the same for a
    /// Double that is exactly an f32, `NumberText.shortest`).
    case float(Double)
    case integer(Int64)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    var text: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        // JSON has no NaN or infinity.
        case .number(let value): value.isFinite ? NumberText.shortest(value) : "null"
        case .float(let value): value.isFinite ? "\(Float(value))" : "null"
        case .integer(let value): "\(value)"
        case .string(let value): Self.quoted(value)
        case .array(let values): "[" + values.map(\.text).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { Self.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension Optional where Wrapped == JSON {
    var orNull: JSON { self ?? .null }
}
