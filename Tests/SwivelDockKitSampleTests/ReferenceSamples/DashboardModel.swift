// A dashboard's model: which stand, its state, its limits, and when it last moved.
import SwivelDockKit

struct DashboardRow: Sendable {
    var title: String
    var detail: String
}

/// Keeps the stream it was given by its DockKit type name, as a model does.
struct DashboardModel: Sendable {
    let changes: DockAccessory.StateChanges

    init() throws {
        changes = try DockAccessoryManager.shared.accessoryStateChanges
    }

    /// The rows for the first docked stand.
    func firstDockedRows() async throws -> [DashboardRow] {
        for await change in changes where change.state == .docked {
            guard let accessory = change.accessory else { continue }
            referenceLog.record { $0.buttonStates.append(change.trackingButtonEnabled) }
            let limits = try accessory.limits
            return [
                DashboardRow(title: "Stand", detail: accessory.debugDescription),
                DashboardRow(title: "Identifier", detail: accessory.identifier.debugDescription),
                DashboardRow(title: "Category", detail: accessory.identifier.category.debugDescription),
                DashboardRow(title: "State", detail: change.state.debugDescription),
                DashboardRow(title: "Yaw limit", detail: limits.yaw.map { "\($0.positionRange), \($0.maximumSpeed) rad/s" } ?? "none"),
            ]
        }
        return []
    }
}

/// When each motion state was measured, as dates on the wall clock.
func recordMotionTimes(from states: DockAccessory.MotionStates, count: Int) async {
    var seen = 0
    for await state in states {
        referenceLog.record { $0.motionTimes.append(state.timestamp) }
        seen += 1
        if seen == count { return }
    }
}

/// The tracking button's state after each change: a status light.
func watchTrackingButton(_ changes: DockAccessory.StateChanges) async {
    for await change in changes {
        referenceLog.record { $0.buttonStates.append(change.trackingButtonEnabled) }
    }
}
