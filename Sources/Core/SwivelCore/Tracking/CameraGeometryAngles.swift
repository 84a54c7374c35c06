#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The direction of a point of the upright image, seen from the camera:
/// `atan` of the ray's tangent along each image axis (so a pure pan of the
/// camera shifts `horizontal` by the pan angle, and a pure tilt shifts `vertical`).
public struct ImageAngles: Equatable, Sendable {
    /// Positive to the right of the optical axis.
    public var horizontal: Radians
    /// Positive above the optical axis.
    public var vertical: Radians

    public init(horizontal: Radians, vertical: Radians) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

extension CameraGeometry {
    /// The angles of a point of the UPRIGHT image (lower-left, 0…1).
    ///
    /// With usable intrinsics (see `isUsable`) the ray is found in the buffer,
    /// where the matrix applies, and its tangent pair is rotated into the
    /// upright frame like centred coordinates. Intrinsics that are not usable
    /// are ignored, not an error: the device type's field of view from
    /// `fieldOfView` is used instead (its landscape values swapped for
    /// `portrait` and `portraitUpsideDown`), so a bad matrix from a host costs
    /// accuracy, never tracking.
    public static func angles(
        ofUpright point: NormalizedPointLowerLeft, camera: CameraInformation, fieldOfView: FieldOfViewTable
    ) -> ImageAngles {
        let rotation = Rotation(camera.orientation)
        if let intrinsics = camera.intrinsics, let pinhole = Pinhole(intrinsics) {
            let buffer = pinhole.tangents(ofBuffer: rotation.inverse.apply(to: point))
            let upright = rotation.apply(centredX: buffer.x, y: buffer.y)
            return ImageAngles(horizontal: atan(upright.x), vertical: atan(upright.y))
        }
        let half = halfTangents(camera: camera, fieldOfView: fieldOfView, rotation: rotation)
        return ImageAngles(
            horizontal: atan((point.x - 0.5) * 2 * half.x),
            vertical: atan((point.y - 0.5) * 2 * half.y)
        )
    }

    /// The upright-image point seen at `angles` (each within ±π/2): the inverse
    /// of `angles(ofUpright:)`, with the same fallback. Used by the simulated camera.
    public static func uprightPoint(
        at angles: ImageAngles, camera: CameraInformation, fieldOfView: FieldOfViewTable
    ) -> NormalizedPointLowerLeft {
        let rotation = Rotation(camera.orientation)
        let tangentX = tan(angles.horizontal), tangentY = tan(angles.vertical)
        if let intrinsics = camera.intrinsics, let pinhole = Pinhole(intrinsics) {
            let buffer = rotation.inverse.apply(centredX: tangentX, y: tangentY)
            return rotation.apply(to: pinhole.bufferPoint(tangentX: buffer.x, tangentY: buffer.y))
        }
        let half = halfTangents(camera: camera, fieldOfView: fieldOfView, rotation: rotation)
        return NormalizedPointLowerLeft(x: 0.5 + tangentX / (2 * half.x), y: 0.5 + tangentY / (2 * half.y))
    }

    /// What to add to the stand's yaw and pitch to bring a point at `angles` to
    /// the image centre. Yaw turns every camera's view the same way: `+horizontal`.
    /// +pitch tilts the back camera's view down, so a point above centre needs
    /// `−vertical`; the front camera faces the other way: `+vertical`.
    /// Exact for a pure pan or a pure tilt; the tracking loop re-measures every
    /// batch, which absorbs the coupling of the two.
    public static func standCorrection(
        for angles: ImageAngles, position: CameraInformation.Position
    ) -> (yaw: Radians, pitch: Radians) {
        switch position {
        case .back: (yaw: angles.horizontal, pitch: -angles.vertical)
        case .front: (yaw: angles.horizontal, pitch: angles.vertical)
        }
    }

    /// What to add to bring a subject seen at `subject` to a framing target seen
    /// at `target` (both from `angles(ofUpright:)`): the correction for their difference.
    public static func standCorrection(
        bringing subject: ImageAngles, to target: ImageAngles, position: CameraInformation.Position
    ) -> (yaw: Radians, pitch: Radians) {
        standCorrection(
            for: ImageAngles(horizontal: subject.horizontal - target.horizontal, vertical: subject.vertical - target.vertical),
            position: position
        )
    }

    /// tan(fov / 2) along the upright image's axes.
    private static func halfTangents(
        camera: CameraInformation, fieldOfView: FieldOfViewTable, rotation: Rotation
    ) -> (x: Double, y: Double) {
        let fov = fieldOfView[camera.deviceType]
        let landscapeX = tan(fov.horizontalRadians / 2), landscapeY = tan(fov.verticalRadians / 2)
        return rotation.swapsAxes ? (landscapeY, landscapeX) : (landscapeX, landscapeY)
    }
}
