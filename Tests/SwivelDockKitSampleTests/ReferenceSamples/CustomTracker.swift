// A custom tracker fed three ways: Vision-style observations, the camera
// pipeline's metadata objects, and either with the frame's pixel buffer.
import SwivelDockKit

struct CustomTracker: Sendable {
    let accessory: DockAccessory

    func cameraInformation(orientation: DockAccessory.CameraOrientation) -> DockAccessory.CameraInformation {
        DockAccessory.CameraInformation(
            captureDevice: .builtInWideAngleCamera, cameraPosition: .back, orientation: orientation,
            cameraIntrinsics: nil, referenceDimensions: nil)
    }

    /// Face, body and an object, as the app's own detectors found them (lower-left rects).
    func trackObservations(faceCenterX: Double, frame: CVPixelBuffer? = nil) async throws {
        let observations = [
            DockAccessory.Observation(
                identifier: 1, type: .humanFace, rect: CGRect(x: faceCenterX - 0.05, y: 0.6, width: 0.1, height: 0.15),
                faceYawAngle: Measurement(value: 5, unit: .degrees)),
            DockAccessory.Observation(
                identifier: 1, type: .humanBody, rect: CGRect(x: faceCenterX - 0.1, y: 0.1, width: 0.2, height: 0.6)),
            DockAccessory.Observation(identifier: 9, type: .object, rect: CGRect(x: 0.05, y: 0.05, width: 0.05, height: 0.05)),
        ]
        if let frame {
            try await accessory.track(observations, cameraInformation: cameraInformation(orientation: .corrected), image: frame)
        } else {
            try await accessory.track(observations, cameraInformation: cameraInformation(orientation: .corrected))
        }
    }

    /// The capture output's metadata objects for a frame (upper-left bounds), with the frame.
    func trackMetadata(faceCenterX: Double, faceTop: Double, frame: CVPixelBuffer) async throws {
        let metadata: [AVMetadataObject] = [
            AVMetadataFaceObject(faceID: 4, bounds: CGRect(x: faceCenterX - 0.05, y: faceTop, width: 0.1, height: 0.15), yawAngle: 0),
            AVMetadataHumanBodyObject(bodyID: 4, bounds: CGRect(x: faceCenterX - 0.1, y: faceTop + 0.1, width: 0.2, height: 0.5)),
        ]
        try await accessory.track(metadata, cameraInformation: cameraInformation(orientation: .unknown), image: frame)
    }

    /// Metadata alone, when the app does not keep the frame.
    func trackMetadata(faceCenterX: Double, faceTop: Double) async throws {
        let face = AVMetadataFaceObject(faceID: 4, bounds: CGRect(x: faceCenterX - 0.05, y: faceTop, width: 0.1, height: 0.15))
        try await accessory.track([face], cameraInformation: cameraInformation(orientation: .landscapeRight))
    }
}
