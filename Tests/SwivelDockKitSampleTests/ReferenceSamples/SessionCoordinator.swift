// Follows docks and undocks, and remembers which stands it has seen.
import SwivelDockKit

actor SessionCoordinator {
    private(set) var known: Set<DockAccessory> = []
    private(set) var current: DockAccessory?

    func follow(_ changes: DockAccessory.StateChanges, untilDocks docks: Int) async {
        var seen = 0
        for await change in changes {
            guard let accessory = change.accessory else { continue }
            switch change.state {
            case .docked:
                known.insert(accessory)
                current = accessory
                seen += 1
                if seen == docks { return }
            case .undocked:
                if current == accessory { current = nil }
            @unknown default:
                break
            }
        }
    }
}
