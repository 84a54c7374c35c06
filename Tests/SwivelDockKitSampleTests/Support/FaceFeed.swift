import SwivelDockKit
import SwivelStandHarness

/// A camera at 25 frames a second of the stand's time (the pump held and
/// advanced a frame at a time), watching one subject at a fixed world yaw:
/// each frame places the face where the stand's measured yaw puts it, so the
/// loop through the stand is closed. Every frame goes through the guide's
/// `processFrame`; the outcomes are counted.
struct FaceFeed {
    let stand: SampleStand
    let accessory: DockAccessory
    /// The subject's yaw in the world, radians.
    var subjectYaw: Double = 0
    let device = CaptureDevice()
    /// Inside the guide's 10-30 fps, and a whole number of the pump's 1 ms ticks apart.
    static let framesPerSecond = 25.0

    struct Outcomes {
        var accepted = 0
        var refusals: [DockKitError] = []
    }

    /// Where a subject at `subjectYaw` appears with the stand at `standYaw`: the pinhole of `faceFrame`.
    func centerX(standYaw: Double) -> Double {
        0.5 + 1545 * tan(subjectYaw - standYaw) / 1920
    }

    func run(seconds: Double) async throws -> Outcomes {
        stand.pump.hold()
        var outcomes = Outcomes()
        for _ in 0..<Int(seconds * Self.framesPerSecond) {
            let frame = faceFrame(centerX: centerX(standYaw: stand.pump.measured.yaw))
            do {
                try await processFrame(frame, accessory: accessory, activeDevice: device)
                outcomes.accepted += 1
            } catch let error as DockKitError {
                outcomes.refusals.append(error)
            }
            await stand.pump.advance(bySeconds: 1 / Self.framesPerSecond)
        }
        return outcomes
    }
}
