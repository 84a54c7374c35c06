/// ACCESSORY_EVENT: a physical button on the stand, or a gesture the vision link saw.
public enum AccessoryEvent: Equatable, Sendable {
    case cameraShutter
    case cameraFlip
    /// > 0 zooms in, < 0 out.
    case cameraZoom(factor: Double)
    /// Sent on press and on release.
    case button(id: UInt8, pressed: Bool)
    /// A gesture that toggled system tracking (kind 5: the button id is the gesture code, pressed is true).
    case gesture(Gesture.Kind)

    static let minimumBytes = 7

    func encode(to w: inout ByteWriter) {
        switch self {
        case .cameraShutter: w.u8(1); w.f32(0); w.u8(0); w.u8(0)
        case .cameraFlip: w.u8(2); w.f32(0); w.u8(0); w.u8(0)
        case .cameraZoom(let factor): w.u8(3); w.f32(factor); w.u8(0); w.u8(0)
        case .button(let id, let pressed): w.u8(4); w.f32(0); w.u8(id); w.bool(pressed)
        case .gesture(let kind): w.u8(5); w.f32(0); w.u8(kind.rawValue); w.bool(true)
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
        case 5:
            guard let gesture = Gesture.Kind(rawValue: id) else {
                throw .unknownValue(.accessoryEvent, field: "gesture", value: UInt64(id))
            }
            return .gesture(gesture)
        default: throw .unknownValue(.accessoryEvent, field: "event kind", value: UInt64(kind))
        }
    }
}
