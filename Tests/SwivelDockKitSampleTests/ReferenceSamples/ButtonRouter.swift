// Routes the stand's buttons to camera actions; zoom multiplies, as DockKit's factor does.
import SwivelDockKit

func routeButtons(_ events: DockAccessory.AccessoryEvents, until expected: Int) async {
    var handled = 0
    for await event in events {
        switch event {
        case .cameraShutter:
            referenceLog.record { $0.messages.append("shutter") }
        case .cameraFlip:
            referenceLog.record { $0.messages.append("flip") }
        case .cameraZoom(let factor):
            referenceLog.record {
                $0.zoomFactors.append(factor)
                $0.zoom = min(max($0.zoom * factor, 1), 10)
            }
        case .button(let id, let pressed):
            referenceLog.record { $0.messages.append("button \(id) \(pressed)") }
        @unknown default:
            break
        }
        handled += 1
        if handled == expected { return }
    }
}
