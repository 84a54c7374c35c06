/// ACCESSORY_EVENT: a physical button on the stand.
public enum AccessoryEvent: Equatable, Sendable {
    case cameraShutter
    case cameraFlip
    /// > 0 zooms in, < 0 out.
    case cameraZoom(factor: Double)
    /// Sent on press and on release.
    case button(id: UInt8, pressed: Bool)

    static let minimumBytes = 7

    func encode(to w: inout ByteWriter) {
        switch self {
        case .cameraShutter: w.u8(1); w.f32(0); w.u8(0); w.u8(0)
        case .cameraFlip: w.u8(2); w.f32(0); w.u8(0); w.u8(0)
        case .cameraZoom(let factor): w.u8(3); w.f32(factor); w.u8(0); w.u8(0)
        case .button(let id, let pressed): w.u8(4); w.f32(0); w.u8(id); w.bool(pressed)
        }
    }

    static func decode(from r: inout ByteReader) throws(MessageError) -> AccessoryEvent {
        try r.require(minimumBytes, for: .accessoryEvent)
        let kind = r.u8(), factor = r.f32(), id = r.u8(), pressed = r.bool()
        switch kind {
        case 1: return .cameraShutter
        case 2: return .cameraFlip
        case 3: return .cameraZoom(factor: factor)
        case 4: return .button(id: id, pressed: pressed)
        default: throw .unknownValue(.accessoryEvent, field: "event kind", value: UInt64(kind))
        }
    }
}
