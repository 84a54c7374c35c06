/// The vision co-processor program's settings (`swivel-vision`, the `python/`
/// side): which camera it reads, which detector it runs, how it describes the
/// camera in TRACK and which link it sends on. The daemon itself uses only
/// `gestures`; the rest is validated here so a maker learns of a mistake from
/// `swiveld check-board`, not from a vision program that starts and sees nothing.
extension Board {
    public struct Vision: Equatable, Sendable {
        /// Where frames come from.
        public enum Source: String, Equatable, Sendable, CaseIterable {
            /// picamera2 when it can be imported (a Raspberry Pi camera), else OpenCV.
            case auto
            case picamera2
            /// OpenCV's VideoCapture on `device`.
            case opencv
            /// A real photograph rendered at the stand's measured pose (the simulated board).
            case virtual
        }

        public enum Detector: String, Equatable, Sendable, CaseIterable {
            /// MediaPipe BlazeFace, short range (faces within about 2 m).
            case face
            /// MediaPipe BlazeFace, full range (faces up to about 5 m).
            case faceFullRange
            /// MediaPipe pose: whole bodies.
            case body
            /// OpenCV's Haar cascade: no MediaPipe needed, weaker.
            case haar
        }

        /// The `camera` section entry that gives the field of view, and TRACK's device type byte.
        public enum CameraDeviceType: String, Equatable, Sendable, CaseIterable {
            case wideAngle, ultraWide, telephoto, other

            /// TRACK's camera device type byte (docs/PROTOCOL.md §4.4).
            public var wireValue: UInt8 {
                switch self {
                case .wideAngle: 1
                case .ultraWide: 2
                case .telephoto: 3
                case .other: 4
                }
            }
        }

        public enum CameraPosition: String, Equatable, Sendable, CaseIterable {
            case back, front

            /// TRACK's camera position byte.
            public var wireValue: UInt8 {
                switch self {
                case .front: 1
                case .back: 2
                }
            }
        }

        /// How the vision program reaches the daemon.
        public enum Link: String, Equatable, Sendable, CaseIterable {
            /// The board's `serial` entry with role `vision`: its TRACK drives system tracking.
            case vision
            /// A host session on the daemon's Unix socket: custom tracking, as an app's.
            case socket
        }

        /// Pinhole intrinsics of the frame at `widthPx` × `heightPx`.
        public struct Intrinsics: Equatable, Sendable {
            public var fxPx: Double
            public var fyPx: Double
            public var cxPx: Double
            public var cyPx: Double

            public init(fxPx: Double, fyPx: Double, cxPx: Double, cyPx: Double) {
                self.fxPx = fxPx
                self.fyPx = fyPx
                self.cxPx = cxPx
                self.cyPx = cyPx
            }
        }

        public var source: Source
        /// For OpenCV: a `/dev/videoN` path or a video file, absolute.
        public var device: String
        public var widthPx: Int
        public var heightPx: Int
        public var frameRateHz: Double
        public var detector: Detector
        /// Detections below this are not sent.
        public var minConfidence: Double
        public var cameraDeviceType: CameraDeviceType
        public var cameraPosition: CameraPosition
        /// nil: TRACK carries intrinsics computed from the field of view and the frame size.
        public var intrinsics: Intrinsics?
        public var link: Link
        /// An open palm held about a second toggles system tracking (GESTURE, docs/PROTOCOL.md).
        public var gestures: Bool

        public init(
            source: Source = .auto, device: String = "/dev/video0", widthPx: Int = 640, heightPx: Int = 480,
            frameRateHz: Double = 30, detector: Detector = .face, minConfidence: Double = 0.5,
            cameraDeviceType: CameraDeviceType = .wideAngle, cameraPosition: CameraPosition = .back,
            intrinsics: Intrinsics? = nil, link: Link = .vision, gestures: Bool = false
        ) {
            self.source = source
            self.device = device
            self.widthPx = widthPx
            self.heightPx = heightPx
            self.frameRateHz = frameRateHz
            self.detector = detector
            self.minConfidence = minConfidence
            self.cameraDeviceType = cameraDeviceType
            self.cameraPosition = cameraPosition
            self.intrinsics = intrinsics
            self.link = link
            self.gestures = gestures
        }

        /// Every key at its default (boards/README.md, `vision`).
        public static let defaults = Vision()
    }

    /// Whether the vision link's GESTURE is applied: only with a `vision`
    /// section that turns gestures on.
    public var gesturesEnabled: Bool { vision?.gestures ?? false }
}

extension Board.Vision {
    /// What swivel-vision will run, for `swiveld check-board`: camera, detector,
    /// how it describes the camera, its link.
    public var summary: String {
        let number = ValueText.number
        var camera = source.rawValue
        if source == .opencv || source == .auto { camera += " \(device)" }
        camera += " \(widthPx)x\(heightPx) at \(number(frameRateHz)) Hz"
        var text = "\(camera), detector \(detector.rawValue) (min confidence \(number(minConfidence)))"
        text += ", \(cameraDeviceType.rawValue) \(cameraPosition.rawValue) camera"
        if let k = intrinsics {
            text += " (fx \(number(k.fxPx)), fy \(number(k.fyPx)), cx \(number(k.cxPx)), cy \(number(k.cyPx)) px)"
        }
        text += ", link \(link.rawValue), gestures \(gestures ? "on" : "off")"
        return text
    }
}
