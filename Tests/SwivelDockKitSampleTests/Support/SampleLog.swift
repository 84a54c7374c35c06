import SwivelDockKit
import SwivelTestSupport

/// What the samples' placeholders saw. The guide leaves them as comments or
/// calls it does not define (`configureAccessory`, `updateSubjectOverlay`,
/// ...); here they record into this log, which the tests read. One log for the
/// process: the sample suites are serialized, and each test starts it afresh.
final class SampleLog: Sendable {
    struct Entries: Sendable {
        var configured: [DockAccessory] = []
        var undockedCount = 0
        var overlays: [(id: UUID, rect: CGRect)] = []
        var motion: [(positions: Vector3D, velocities: Vector3D, time: TimeInterval)] = []
        var motorErrors: [String] = []
        var events: [DockAccessory.AccessoryEvent] = []
        var batteries: [String: (Double, DockAccessory.BatteryChargeState, Bool)] = [:]
        var trackOutcomes: [String] = []
    }

    private let entries = TestMutex(Entries())

    func reset() { entries.withLock { $0 = Entries() } }

    func record(_ change: (inout Entries) -> Void) { entries.withLock { change(&$0) } }

    var snapshot: Entries { entries.withLock { $0 } }
}

let sampleLog = SampleLog()
