/// Which camera took an observation batch and how it was held: what turns a
/// rect into an angle (see docs/TRACKING.md for the orientation table).
public struct CameraInformation: Equatable, Sendable {
    public enum DeviceType: UInt8, CaseIterable, Sendable {
        case wideAngle = 1
        case ultraWide = 2
        case telephoto = 3
        /// Anything else; the board's default field of view applies.
        case other = 4
    }

    public enum Position: UInt8, Sendable {
        /// Faces the user, beside the screen.
        case front = 1
        /// Opposite the screen.
        case back = 2
    }

    public enum Orientation: UInt8, CaseIterable, Sendable {
        /// The rect is already relative to the upright image.
        case corrected = 1
        case portrait = 2
        case portraitUpsideDown = 3
        case landscapeLeft = 4
        case landscapeRight = 5
        case faceUp = 6
        case faceDown = 7
    }

    /// Pinhole intrinsics in pixels of `referenceWidth`×`referenceHeight`.
    public struct Intrinsics: Equatable, Sendable {
        /// Row-major 3×3: [fx, s, cx, 0, fy, cy, 0, 0, 1].
        public var matrix: [Double]
        public var referenceWidth: Double
        public var referenceHeight: Double

        public init(matrix: [Double], referenceWidth: Double, referenceHeight: Double) {
            self.matrix = matrix
            self.referenceWidth = referenceWidth
            self.referenceHeight = referenceHeight
        }
    }

    public var deviceType: DeviceType
    public var position: Position
    public var orientation: Orientation
    public var intrinsics: Intrinsics?

    public init(deviceType: DeviceType, position: Position, orientation: Orientation, intrinsics: Intrinsics? = nil) {
        self.deviceType = deviceType
        self.position = position
        self.orientation = orientation
        self.intrinsics = intrinsics
    }
}
