// The DockKit app guide, "Custom Tracking", "Providing Observations". The
// frame (a CMSampleBuffer in the guide) and the capture device are the plain
// stand-ins of Support/CameraStandIns.swift; the guide's `import AVFoundation` goes.
import SwivelDockKit

func processFrame(
    _ sampleBuffer: CameraFrame,
    accessory: DockAccessory,
    activeDevice: CaptureDevice
) async throws {
    let cameraInfo = DockAccessory.CameraInformation(
        captureDevice: activeDevice.deviceType,
        cameraPosition: activeDevice.position,
        orientation: .corrected,
        cameraIntrinsics: frameIntrinsics(from: sampleBuffer),
        referenceDimensions: frameDimensions(from: sampleBuffer)
    )

    let detection = try await detector.detect(sampleBuffer)
    let observationType: DockAccessory.Observation.ObservationType = switch detection.kind {
    case .face: .humanFace
    case .body: .humanBody
    case .object: .object
    }

    let observation = DockAccessory.Observation(
        identifier: detection.id,
        type: observationType,
        rect: detection.rect,       // normalized, lower-left origin
        faceYawAngle: detection.faceYawAngle
    )

    try await accessory.track([observation], cameraInformation: cameraInfo)
}
