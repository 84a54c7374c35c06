internal import SwivelKit

extension DockAccessory {
    /// One subject detected in one camera frame.
    public struct Observation: Hashable, Sendable {
        public enum ObservationType: Hashable, Sendable {
            case humanFace, humanBody, object
        }

        /// Chosen by the sender; the same subject keeps it across frames.
        public var identifier: Int
        public var type: ObservationType
        /// Normalized 0...1, origin LOWER-left (Vision's convention), in the unmirrored image.
        public var rect: CGRect
        public var faceYawAngle: Measurement<UnitAngle>?

        public init(identifier: Int, type: ObservationType, rect: CGRect, faceYawAngle: Measurement<UnitAngle>? = nil) {
            self.identifier = identifier
            self.type = type
            self.rect = rect
            self.faceYawAngle = faceYawAngle
        }

        /// The observation TRACK carries.
        var swivel: SwivelKit.Observation {
            let kind: SwivelKit.Observation.Kind =
                switch type {
                case .humanFace: .humanFace
                case .humanBody: .humanBody
                case .object: .object
                }
            return .init(
                identifier: Int64(identifier), kind: kind, rect: NormalizedRectLowerLeft(rect),
                faceYawRadians: faceYawAngle?.converted(to: .radians).value)
        }
    }

    /// What AVFoundation calls `AVCaptureDevice.DeviceType`, with its names: it
    /// picks the board's default field of view when there are no intrinsics.
    public struct CaptureDeviceType: Hashable, Sendable, RawRepresentable {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public static let builtInWideAngleCamera = CaptureDeviceType(rawValue: "builtInWideAngleCamera")
        public static let builtInUltraWideCamera = CaptureDeviceType(rawValue: "builtInUltraWideCamera")
        public static let builtInTelephotoCamera = CaptureDeviceType(rawValue: "builtInTelephotoCamera")

        var swivel: SwivelKit.CameraInformation.DeviceType {
            switch self {
            case .builtInWideAngleCamera: .wideAngle
            case .builtInUltraWideCamera: .ultraWide
            case .builtInTelephotoCamera: .telephoto
            default: .other
            }
        }
    }

    /// What AVFoundation calls `AVCaptureDevice.Position`.
    public enum CameraPosition: Hashable, Sendable {
        case unspecified
        /// Opposite the screen.
        case back
        /// Beside the screen, facing the user.
        case front
    }

    /// A pinhole camera matrix in pixels of `referenceDimensions` (DockKit
    /// takes it as a `matrix_float3x3`, which Linux lacks; the names here leave
    /// no doubt about row or column order).
    public struct CameraIntrinsics: Hashable, Sendable {
        public var focalLengthX: Double
        public var focalLengthY: Double
        public var principalPointX: Double
        public var principalPointY: Double
        public var skew: Double

        public init(focalLengthX: Double, focalLengthY: Double, principalPointX: Double, principalPointY: Double, skew: Double = 0) {
            self.focalLengthX = focalLengthX
            self.focalLengthY = focalLengthY
            self.principalPointX = principalPointX
            self.principalPointY = principalPointY
            self.skew = skew
        }
    }

    /// The camera a batch of observations came from.
    public struct CameraInformation: Hashable, Sendable {
        public var captureDevice: CaptureDeviceType
        public var cameraPosition: CameraPosition
        public var orientation: CameraOrientation
        /// nil: the stand uses the board's field of view for `captureDevice`.
        public var cameraIntrinsics: CameraIntrinsics?
        /// The image size, in pixels, that `cameraIntrinsics` are in; required with them.
        public var referenceDimensions: CGSize?

        public init(
            captureDevice: CaptureDeviceType, cameraPosition: CameraPosition, orientation: CameraOrientation,
            cameraIntrinsics: CameraIntrinsics?, referenceDimensions: CGSize?
        ) {
            self.captureDevice = captureDevice
            self.cameraPosition = cameraPosition
            self.orientation = orientation
            self.cameraIntrinsics = cameraIntrinsics
            self.referenceDimensions = referenceDimensions
        }

        /// The camera TRACK carries.
        func swivel() throws -> SwivelKit.CameraInformation {
            let position: SwivelKit.CameraInformation.Position
            switch cameraPosition {
            case .back: position = .back
            case .front: position = .front
            case .unspecified:
                // Pitch moves the two cameras' views opposite ways: the stand must know which.
                throw DockKitError.invalidParameter
            }
            var intrinsics: SwivelKit.CameraInformation.Intrinsics?
            if let camera = cameraIntrinsics {
                // The matrix is in pixels of the reference size: without it, it means nothing.
                guard let size = referenceDimensions else { throw DockKitError.invalidParameter }
                intrinsics = .init(
                    matrix: [camera.focalLengthX, camera.skew, camera.principalPointX, 0, camera.focalLengthY, camera.principalPointY, 0, 0, 1],
                    referenceWidth: Double(size.width), referenceHeight: Double(size.height))
            }
            return .init(deviceType: captureDevice.swivel, position: position, orientation: orientation.swivel, intrinsics: intrinsics)
        }
    }
}

extension NormalizedRectLowerLeft {
    init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width), height: Double(rect.size.height))
    }
}

extension NormalizedRectUpperLeft {
    init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width), height: Double(rect.size.height))
    }
}

extension CGRect {
    init(_ rect: NormalizedRectLowerLeft) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    init(_ rect: NormalizedRectUpperLeft) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
}
