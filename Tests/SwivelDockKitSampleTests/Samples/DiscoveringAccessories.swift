// The DockKit app guide, "Discovering Accessories". The guide leaves
// configureAccessory and handleUndocked to the app; here they record.
import SwivelDockKit

func observeAccessories() async throws {
    for await stateChange in try DockAccessoryManager.shared.accessoryStateChanges {
        switch stateChange.state {
        case .docked:
            guard let accessory = stateChange.accessory else { continue }
            // Accessory is connected and ready
            configureAccessory(accessory)
        case .undocked:
            // iPhone removed from dock
            handleUndocked()
        @unknown default:
            break
        }
    }
}

func configureAccessory(_ accessory: DockAccessory) {
    sampleLog.record { $0.configured.append(accessory) }
}

func handleUndocked() {
    sampleLog.record { $0.undockedCount += 1 }
}
