// The DockKit app guide, "Accessory Events". The guide's `break` placeholders record the event.
import SwivelDockKit

func handleAccessoryEvents(accessory: DockAccessory) async throws {
    if #available(iOS 17.4, *) {
        for await event in try accessory.accessoryEvents {
            switch event {
            case .cameraShutter: sampleLog.record { $0.events.append(.cameraShutter) }
            case .cameraFlip: sampleLog.record { $0.events.append(.cameraFlip) }
            case .cameraZoom(factor: let factor): sampleLog.record { $0.events.append(.cameraZoom(factor: factor)) }
            case .button(id: let id, pressed: let pressed): sampleLog.record { $0.events.append(.button(id: id, pressed: pressed)) }
            @unknown default: break
            }
        }
    }
}
