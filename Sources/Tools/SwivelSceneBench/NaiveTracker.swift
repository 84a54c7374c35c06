import SwivelRuntime
public import SwivelCore
public import SwivelProtocol

/// The baseline: what hobby pan/tilt demos do. On every batch, take the
/// largest detection, turn its offset from the centre into an angle, and
/// command velocity = gain × angle until the next batch. No latency
/// compensation (the offset is treated as if it were measured now), no filter,
/// no deadband; no detection → stop.
///
/// Its angle comes from the same `CameraGeometry` as Swivel's, so the
/// comparison measures control, not geometry.
public struct NaiveTracker: Sendable {
    /// 1/s. Four is what such a loop is tuned to with a fast camera: with the
    /// ~50 ms of a 33 ms camera plus a 30 fps hold, K·delay ≈ 0.2, well damped.
    public static let defaultGainPerSecond = 4.0

    public var gainPerSecond: Double
    public var fieldOfView: FieldOfViewTable

    public init(gainPerSecond: Double = defaultGainPerSecond, fieldOfView: FieldOfViewTable = .defaults) {
        self.gainPerSecond = gainPerSecond
        self.fieldOfView = fieldOfView
    }

    /// The velocity to command on receiving `batch`.
    public func velocity(for batch: TrackBatch) -> Vector3 {
        guard let correction = Self.largestCorrection(in: batch, fieldOfView: fieldOfView) else { return .zero }
        return Vector3(pitch: gainPerSecond * correction.pitch, yaw: gainPerSecond * correction.yaw)
    }

    /// The stand correction that would centre the batch's largest detection; nil without one.
    public static func largestCorrection(
        in batch: TrackBatch, fieldOfView: FieldOfViewTable
    ) -> (yaw: Radians, pitch: Radians)? {
        var largest: Observation?
        for o in batch.observations where CameraGeometry.isValid(o.rect) {
            if let best = largest, best.rect.width * best.rect.height >= o.rect.width * o.rect.height { continue }
            largest = o
        }
        guard let largest else { return nil }
        let rect = CameraGeometry.upright(largest.rect, orientation: batch.camera.orientation)
        let centre = NormalizedPointLowerLeft(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
        let angles = CameraGeometry.angles(ofUpright: centre, camera: batch.camera, fieldOfView: fieldOfView)
        let correction = CameraGeometry.standCorrection(for: angles, position: batch.camera.position)
        return (correction.yaw, correction.pitch)
    }
}
