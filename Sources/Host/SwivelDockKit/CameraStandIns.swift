// Linux stand-ins for the CoreVideo and AVFoundation types DockKit's `track`
// overloads take, with their names, so that an app's camera code compiles
// unchanged and does what it means: the stand never receives pixels, so a
// pixel buffer contributes its size, and metadata objects become observations.

/// CoreVideo's `CVPixelBuffer`, as far as DockKit reads it: the frame's size.
/// The pixels never leave the host (docs/PORTING.md, "Camera inputs").
public final class CVPixelBuffer: Sendable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// CoreVideo's free functions over a pixel buffer, as apps call them.
public func CVPixelBufferGetWidth(_ buffer: CVPixelBuffer) -> Int { buffer.width }
public func CVPixelBufferGetHeight(_ buffer: CVPixelBuffer) -> Int { buffer.height }

/// AVFoundation's `AVMetadataObject`: something the camera pipeline detected
/// in a frame. `bounds` is normalized 0...1 with an UPPER-left origin, as
/// AVFoundation's metadata bounds (Vision's observations are lower-left).
/// Immutable, so it may cross threads as AVFoundation's do.
public class AVMetadataObject: @unchecked Sendable {
    public struct ObjectType: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let face = ObjectType(rawValue: "face")
        public static let humanBody = ObjectType(rawValue: "humanBody")
    }

    public let type: ObjectType
    public let bounds: CGRect
    public let time: TimeInterval

    public init(type: ObjectType, bounds: CGRect, time: TimeInterval = 0) {
        self.type = type
        self.bounds = bounds
        self.time = time
    }
}

/// AVFoundation's `AVMetadataFaceObject`: a face, with the ID the camera keeps for it across frames.
public final class AVMetadataFaceObject: AVMetadataObject, @unchecked Sendable {
    public let faceID: Int
    public let hasYawAngle: Bool
    /// Degrees, as AVFoundation's.
    public let yawAngle: CGFloat

    public init(faceID: Int, bounds: CGRect, yawAngle: CGFloat? = nil, time: TimeInterval = 0) {
        self.faceID = faceID
        self.hasYawAngle = yawAngle != nil
        self.yawAngle = yawAngle ?? 0
        super.init(type: .face, bounds: bounds, time: time)
    }
}

/// AVFoundation's `AVMetadataHumanBodyObject`: a body, with the ID the camera keeps for it.
public final class AVMetadataHumanBodyObject: AVMetadataObject, @unchecked Sendable {
    public let bodyID: Int

    public init(bodyID: Int, bounds: CGRect, time: TimeInterval = 0) {
        self.bodyID = bodyID
        super.init(type: .humanBody, bounds: bounds, time: time)
    }
}

extension DockAccessory.Observation {
    /// A face or body from the camera pipeline as DockKit's observation (its
    /// rect flipped to Vision's lower-left origin); nil for any other kind of
    /// metadata (a barcode is no subject). Faces and bodies keep their IDs
    /// apart: a body's identifier is offset so that face 3 and body 3 are two subjects.
    init?(_ object: AVMetadataObject) {
        let rect = CGRect(
            x: object.bounds.origin.x, y: 1 - object.bounds.origin.y - object.bounds.size.height,
            width: object.bounds.size.width, height: object.bounds.size.height)
        if let face = object as? AVMetadataFaceObject {
            self.init(
                identifier: face.faceID, type: .humanFace, rect: rect,
                faceYawAngle: face.hasYawAngle ? Measurement(value: Double(face.yawAngle), unit: .degrees) : nil)
        } else if let body = object as? AVMetadataHumanBodyObject {
            self.init(identifier: Self.bodyIdentifierOffset + body.bodyID, type: .humanBody, rect: rect)
        } else {
            return nil
        }
    }

    static let bodyIdentifierOffset = 1 << 20
}
