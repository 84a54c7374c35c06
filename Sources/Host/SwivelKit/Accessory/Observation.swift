import SwivelCore
import SwivelProtocol

extension DockAccessory {
    /// One detected subject in one camera frame, as DockKit's `Observation`.
    public struct Observation: Equatable, Sendable {
        public enum ObservationType: Equatable, Sendable {
            case humanFace, humanBody, object
        }

        /// Chosen by the sender; the same subject keeps it across frames.
        public var identifier: Int
        public var type: ObservationType
        /// Normalized 0...1, origin LOWER-left (Vision's convention), in the unmirrored image.
        public var rect: NormalizedRectLowerLeft
        /// Radians.
        public var faceYawAngle: Double?
        public var speakingConfidence: Double?
        public var lookingAtCameraConfidence: Double?

        public init(
            identifier: Int, type: ObservationType, rect: NormalizedRectLowerLeft, faceYawAngle: Double? = nil,
            speakingConfidence: Double? = nil, lookingAtCameraConfidence: Double? = nil
        ) {
            self.identifier = identifier
            self.type = type
            self.rect = rect
            self.faceYawAngle = faceYawAngle
            self.speakingConfidence = speakingConfidence
            self.lookingAtCameraConfidence = lookingAtCameraConfidence
        }

        var wire: TrackBatch.Observation {
            let kind: TrackBatch.Observation.Kind =
                switch type {
                case .humanFace: .humanFace
                case .humanBody: .humanBody
                case .object: .object
                }
            return TrackBatch.Observation(
                identifier: Int64(identifier), kind: kind, rect: rect, faceYawRadians: faceYawAngle,
                speakingConfidence: speakingConfidence, lookingAtCameraConfidence: lookingAtCameraConfidence)
        }
    }

    /// The camera a batch of observations came from, as DockKit's `CameraInformation`.
    public struct CameraInformation: Equatable, Sendable {
        public enum CaptureDevice: Equatable, Sendable {
            case wideAngle, ultraWide, telephoto, other
        }

        public enum CameraPosition: Equatable, Sendable {
            /// Beside the screen, facing the user.
            case front
            /// Opposite the screen.
            case back
        }

        public enum Orientation: Equatable, Sendable {
            /// The rects are already relative to the upright image.
            case corrected
            case portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
        }

        public struct Dimensions: Equatable, Sendable {
            public var width: Double
            public var height: Double

            public init(width: Double, height: Double) {
                self.width = width
                self.height = height
            }
        }

        public var captureDevice: CaptureDevice
        public var cameraPosition: CameraPosition
        public var orientation: Orientation
        /// Row-major 3×3 pinhole matrix in pixels of `referenceDimensions`:
        /// [fx, s, cx, 0, fy, cy, 0, 0, 1]. nil: the stand uses the board's
        /// default field of view for the capture device.
        public var cameraIntrinsics: [Double]?
        /// The image size the intrinsics are in; required with them.
        public var referenceDimensions: Dimensions?

        public init(
            captureDevice: CaptureDevice, cameraPosition: CameraPosition, orientation: Orientation,
            cameraIntrinsics: [Double]? = nil, referenceDimensions: Dimensions? = nil
        ) {
            self.captureDevice = captureDevice
            self.cameraPosition = cameraPosition
            self.orientation = orientation
            self.cameraIntrinsics = cameraIntrinsics
            self.referenceDimensions = referenceDimensions
        }

        func wire() throws(SwivelKitError) -> SwivelCore.CameraInformation {
            var intrinsics: SwivelCore.CameraInformation.Intrinsics?
            if let matrix = cameraIntrinsics {
                guard matrix.count == 9 else {
                    throw .invalidParameter("camera intrinsics must be a 3×3 matrix (9 numbers, row-major); got \(matrix.count)")
                }
                guard let size = referenceDimensions else {
                    throw .invalidParameter("camera intrinsics are in pixels of referenceDimensions, which is missing")
                }
                intrinsics = .init(matrix: matrix, referenceWidth: size.width, referenceHeight: size.height)
            }
            let device: SwivelCore.CameraInformation.DeviceType =
                switch captureDevice {
                case .wideAngle: .wideAngle
                case .ultraWide: .ultraWide
                case .telephoto: .telephoto
                case .other: .other
                }
            let position: SwivelCore.CameraInformation.Position = cameraPosition == .front ? .front : .back
            let wireOrientation: SwivelCore.CameraInformation.Orientation =
                switch orientation {
                case .corrected: .corrected
                case .portrait: .portrait
                case .portraitUpsideDown: .portraitUpsideDown
                case .landscapeLeft: .landscapeLeft
                case .landscapeRight: .landscapeRight
                case .faceUp: .faceUp
                case .faceDown: .faceDown
                }
            return .init(deviceType: device, position: position, orientation: wireOrientation, intrinsics: intrinsics)
        }
    }
}
