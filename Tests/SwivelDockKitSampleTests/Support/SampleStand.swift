import SwivelDockKit
import SwivelKit
import SwivelStandHarness
import Testing

/// A simulated stand, docked to `DockAccessoryManager.shared` for one test:
/// the harness's `Rig` (the real LinkHub over a VirtualStand, SwivelKit on its
/// virtual time) handed to the shared manager in place of the endpoint rule.
/// The samples then run as an app's code would, through the shared manager.
final class SampleStand {
    let rig: Rig

    private init(rig: Rig) { self.rig = rig }

    /// - Parameter speed: virtual seconds per real second. 1 for samples that
    ///   sleep with `Task.sleep`, whose seconds are the wall clock's.
    static func docked(speed: Double = 1) async throws -> SampleStand {
        let rig = try await Rig.docked(speed: speed)
        await SwivelDockKit.DockAccessoryManager.shared.use(rig.connection)
        sampleLog.reset()
        return SampleStand(rig: rig)
    }

    /// The accessory as an app first gets it: from the shared manager's first docked state change.
    func accessory() async throws -> SwivelDockKit.DockAccessory {
        for await change in try SwivelDockKit.DockAccessoryManager.shared.accessoryStateChanges {
            if change.state == .docked, let accessory = change.accessory { return accessory }
        }
        throw SampleFailure("the state changes ended before a dock")
    }

    /// What the stand itself reports (GET_STATE), to check a sample's effect.
    func state() async throws -> SwivelKit.StandSession.StateReport {
        try await rig.session.state()
    }

    var pump: StandPump { rig.pump }
}

struct SampleFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Waits (without blocking a thread) until `condition` holds, looking every
/// 10 ms of real time, for at most `seconds` of real time: a hang guard.
func eventually(within seconds: Double = 20, _ condition: () -> Bool) async throws {
    let clock = ContinuousClock()
    let end = clock.now + .milliseconds(Int(seconds * 1000))
    while !condition() {
        guard clock.now < end else { throw SampleFailure("the condition did not hold within \(seconds) s") }
        try await Task.sleep(for: .milliseconds(10))
    }
}
