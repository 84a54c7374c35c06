// Samples written from Apple's DockKit reference.
//
// Ten app files written against Apple's DockKit and Spatial declarations (not
// the app guide the `Samples/` beside them follow), as an iOS app would hold
// them. Ported by the rule of docs/PORTING.md and nothing else: `import DockKit`
// became `import SwivelDockKit`, `import Spatial` and `import AVFoundation`
// went (SwivelDockKit brings `Vector3D`, `Rotation3D`, `EulerAngles` and the
// camera stand-ins `CVPixelBuffer`, `AVMetadataFaceObject`,
// `AVMetadataHumanBodyObject`). The placeholders an app would fill (a view, a
// log) record into `ReferenceLog`. `ReferenceSampleTests.swift` runs them
// against the simulated stand.
import SwivelDockKit
import SwivelTestSupport

/// What the reference samples' placeholders (an app's views and logs) saw.
final class ReferenceLog: Sendable {
    struct Entries: Sendable {
        var buttonStates: [Bool] = []
        var zoom: Double = 1
        var zoomFactors: [Double] = []
        var motionTimes: [TimeInterval] = []
        var trackingTimes: [Date] = []
        var subjects: [[DockAccessory.TrackedSubjectType]] = []
        var batteryNames: [String] = []
        var messages: [String] = []
    }

    private let entries = TestMutex(Entries())

    func reset() { entries.withLock { $0 = Entries() } }
    func record(_ change: (inout Entries) -> Void) { entries.withLock { change(&$0) } }
    var snapshot: Entries { entries.withLock { $0 } }
}

let referenceLog = ReferenceLog()
