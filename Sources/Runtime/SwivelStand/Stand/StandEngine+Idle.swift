import SwivelBoard
import SwivelCore
import SwivelHardware

/// Drivers rest when nobody needs them (Klipper's `idle_timeout`): once nothing
/// has commanded motion for the board's `idleTimeoutSeconds`, every driver
/// whose axis does not `holdWhenIdle` is released and the stand is back in
/// `.released`, where the next motion enables them again (`startMotion`).
///
/// Commanded motion is what would move the axes or is meant to: a velocity
/// that is not zero, a move, an animation, homing, the demo, or tracking with
/// a subject (following, or holding on a still one), and any axis still
/// moving. Tracking with no subject, a stop, limits that move nothing, and
/// everything a host does without the motion loop (reading state, heartbeats)
/// leave the stand idle. A lost link stops the stand and so ends up here too.
extension StandEngine {
    static func idleHolds(board: Board, drives: [AxisDrive]) -> [Bool] {
        drives.map { board.axes.perAxis[$0.axis]?.holdsWhenIdle ?? false }
    }

    /// Whether anything commands motion as of this tick.
    var commandsMotion: Bool {
        if demo != nil { return true }
        switch controller.activeMotion {
        case .orientation, .animation, .homing:
            return true
        case .velocity(let velocity):
            if velocity != .zero { return true }
        case .tracking:
            switch controller.tracker.phase {
            case .following, .holding: return true
            case .idle, .lost: break
            }
        }
        return Axis.allCases.contains { controller.axes.contains($0) && controller.state[$0].velocity != 0 }
    }

    /// Called once per tick after the steps are planned: releases the drivers
    /// at `now`, this tick's deadline, once the stand has been idle for the
    /// timeout. Not at the end of the planned period, as a halt's disables
    /// are: the axes have been at rest for the whole timeout, so no step is
    /// queued after `now`, and the next motion's enable, at a later tick's
    /// deadline, then always comes after this disable (one placed at the end
    /// of the period could land after it and leave the motor off).
    func releaseDriversIfIdle(time: Seconds, at now: MonotonicInstant) {
        guard case .running = mode, !commandsMotion else {
            idleSinceSeconds = nil
            return
        }
        let since = idleSinceSeconds ?? time
        idleSinceSeconds = since
        guard time - since >= idleTimeoutSeconds else { return }
        // A servo jogged into its stop is not left pushing there: released, or back on its angle where it holds.
        endServoPulseJogs()
        var released = false
        for index in drives.indices where drives[index].isEnabled && !holdsWhenIdle[index] {
            drives[index].disable(at: now)
            // Off, the axis may be turned by hand: its checks start afresh
            // when the next motion enables it.
            faultMonitors[index]?.reset()
            released = true
        }
        // Every axis holds: nothing to release, and the stand stays running.
        guard released else { return }
        idleSinceSeconds = nil
        current.idleReleases &+= 1
        mode = .released
    }
}
