// The DockKit app guide's extended patterns, "Service Architecture". The
// guide's `import AVFoundation` and `import Spatial` go.
import SwivelDockKit

actor DockControlService {
    private var accessory: DockAccessory?
    private var trackingMode: TrackingMode = .system

    enum TrackingMode {
        case system
        case custom
        case manual
    }

    func start() async throws {
        for await stateChange in try DockAccessoryManager.shared.accessoryStateChanges {
            switch stateChange.state {
            case .docked:
                guard let newAccessory = stateChange.accessory else { continue }
                accessory = newAccessory
                try await configureAccessory(newAccessory)
            case .undocked:
                accessory = nil
            @unknown default:
                break
            }
        }
    }

    private func configureAccessory(_ accessory: DockAccessory) async throws {
        try await DockAccessoryManager.shared.setSystemTrackingEnabled(true)
        trackingMode = .system
    }

    func setTrackingMode(_ mode: TrackingMode) async throws {
        trackingMode = mode
        let systemEnabled = mode == .system
        try await DockAccessoryManager.shared.setSystemTrackingEnabled(systemEnabled)
    }

    var isConnected: Bool {
        accessory != nil
    }
}
