import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelProtocol
import SwivelAccessories

/// Buttons and batteries: read on the hub's thread (the link thread) each
/// service, never in the tick, and fanned out to docked hosts.
extension LinkHub {
    func serviceAccessories(at now: MonotonicInstant) {
        if let buttons = accessories.buttons {
            for change in buttons.poll(at: now) { handleButton(change) }
        }
        if let batteries = accessories.batteries {
            let (changed, problems) = batteries.poll(at: now)
            for problem in problems { onAccessoryProblem?("battery: \(problem)") }
            for state in changed { broadcastTelemetry(.batteryState(state)) }
        }
    }

    /// DockKit's events fire on press; `button(id, pressed)` on press and release.
    private func handleButton(_ change: ButtonChange) {
        switch change.button.action {
        case .cameraShutter where change.pressed:
            broadcastTelemetry(.accessoryEvent(.cameraShutter))
        case .cameraFlip where change.pressed:
            broadcastTelemetry(.accessoryEvent(.cameraFlip))
        case .cameraZoomIn(let factor) where change.pressed:
            broadcastTelemetry(.accessoryEvent(.cameraZoom(factor: factor)))
        case .cameraZoomOut(let factor) where change.pressed:
            broadcastTelemetry(.accessoryEvent(.cameraZoom(factor: -factor)))
        case .button(let id):
            broadcastTelemetry(.accessoryEvent(.button(id: UInt8(clamping: id), pressed: change.pressed)))
        case .trackingToggle where change.pressed:
            setSystemTracking(!systemTrackingEnabled, fromTrackingButton: true)
        default:
            break
        }
    }

    /// A gesture is the tracking button pressed by hand in front of the camera:
    /// the same toggle, and docked hosts also learn which gesture it was.
    func handleGesture(_ gesture: Gesture) {
        switch gesture.kind {
        case .openPalm:
            setSystemTracking(!systemTrackingEnabled, fromTrackingButton: true)
            broadcastTelemetry(.accessoryEvent(.gesture(gesture.kind)))
        }
    }

    /// Every battery's state, so a host that just docked need not wait for a
    /// change; read first if a host docks before the first poll.
    func sendBatteryStates(to id: SessionID, at now: MonotonicInstant) {
        if let batteries = accessories.batteries, !batteries.hasPolled {
            let (changed, problems) = batteries.poll(at: now)
            for problem in problems { onAccessoryProblem?("battery: \(problem)") }
            // Other docked hosts learn them as changes; this one gets all below.
            for state in changed { broadcastTelemetry(.batteryState(state), except: id) }
        }
        for state in accessories.batteries?.current ?? [] { sendTelemetry(.batteryState(state), to: id) }
    }

    /// A host's setSystemTrackingEnabled and the stand's tracking button do the same thing.
    func setSystemTracking(_ enabled: Bool, fromTrackingButton: Bool) {
        if enabled != systemTrackingEnabled {
            // A clean hand-over: the subject being followed is forgotten (its
            // filter belongs to the other camera) and, going into system
            // tracking, a manual motion ends too: nothing is mixed.
            internalCommands.append(.stopTracking)
            if enabled { internalCommands.append(.stop) }
            flushInternalCommands()
        }
        systemTrackingEnabled = enabled
        refreshCounts()
        broadcastTelemetry(.dockState(DockState(
            docked: true, systemTrackingEnabled: enabled, trackingButtonEnabled: fromTrackingButton)))
    }
}
