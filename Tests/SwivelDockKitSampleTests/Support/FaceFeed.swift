import SwivelDockKit
import SwivelStandHarness

/// A camera at a nominal 30 frames a second of the stand's time (the pump held and
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
    /// The top of the guide's 10-30 fps. Frame k is sent at k/30 s rounded to the
    /// pump's 1 ms tick, so frames are 33 or 34 ms apart: a nominal 30 fps with
    /// the jitter the stand must never refuse.
    static let framesPerSecond = 30.0

    struct Outcomes {
        var accepted = 0
        var refusals: [any Error] = []
    }

    /// Where a subject at `subjectYaw` appears with the stand at `standYaw`: the pinhole of `faceFrame`.
    func centerX(standYaw: Double) -> Double {
        0.5 + 1545 * tan(subjectYaw - standYaw) / 1920
    }

    func run(seconds: Double) async throws -> Outcomes {
        stand.pump.hold()
        var outcomes = Outcomes()
        for frameIndex in 0..<Int(seconds * Self.framesPerSecond) {
            let frame = faceFrame(centerX: centerX(standYaw: stand.pump.measured.yaw))
            do {
                try await processFrame(frame, accessory: accessory, activeDevice: device)
                outcomes.accepted += 1
            } catch {
                outcomes.refusals.append(error)
            }
            let ticks = { (index: Int) in (Double(index) * 1000 / Self.framesPerSecond).rounded() }
            await stand.pump.advance(bySeconds: (ticks(frameIndex + 1) - ticks(frameIndex)) / 1000)
        }
        return outcomes
    }
}
