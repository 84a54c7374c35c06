import SwivelDockKit

// Plain values in place of the AVFoundation and Vision inputs the guide's
// samples take. They keep the property names the samples read
// (`deviceType`, `position`), so each sample's body stays as the guide wrote it.

/// In place of `AVCaptureDevice`.
struct CaptureDevice: Sendable {
    var deviceType: DockAccessory.CaptureDeviceType = .builtInWideAngleCamera
    var position: DockAccessory.CameraPosition = .back
}

/// What a detector found in one frame.
struct Detection: Sendable {
    enum Kind: Sendable { case face, body, object }

    var id: Int
    var kind: Kind
    /// Normalized, lower-left origin.
    var rect: CGRect
    var faceYawAngle: Measurement<UnitAngle>?
}

/// In place of `CMSampleBuffer`: one camera frame, as what was detected in it.
struct CameraFrame: Sendable {
    var detection: Detection
    var intrinsics: DockAccessory.CameraIntrinsics?
    var dimensions: CGSize?
}

/// In place of the app's own ML model.
struct Detector: Sendable {
    func detect(_ frame: CameraFrame) async throws -> Detection { frame.detection }
}

let detector = Detector()

func frameIntrinsics(from frame: CameraFrame) -> DockAccessory.CameraIntrinsics? { frame.intrinsics }

func frameDimensions(from frame: CameraFrame) -> CGSize? { frame.dimensions }

/// A face in a 1920×1080 frame from a wide-angle camera with a 1.107 rad horizontal field of view.
func faceFrame(centerX: Double, id: Int = 7) -> CameraFrame {
    CameraFrame(
        detection: Detection(
            id: id, kind: .face, rect: CGRect(x: centerX - 0.05, y: 0.45, width: 0.1, height: 0.15),
            faceYawAngle: Measurement(value: 10, unit: .degrees)),
        intrinsics: DockAccessory.CameraIntrinsics(focalLengthX: 1545, focalLengthY: 1545, principalPointX: 960, principalPointY: 540),
        dimensions: CGSize(width: 1920, height: 1080))
}
