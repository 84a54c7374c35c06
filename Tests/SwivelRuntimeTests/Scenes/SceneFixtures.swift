import SwivelCore
@testable import SwivelAccessories
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelRuntime
@testable import SwivelStand

/// The shipped scenes, and small scenes written inline.
enum SceneFixtures {
    static let scenesDirectory: String = {
        // Tests/SwivelRuntimeTests/Scenes/SceneFixtures.swift → the package root.
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/") + "/scenes"
    }()

    static let shipped = [
        "walk", "walk-abrupt", "walk-fast", "step", "still", "crossing", "leave-return", "speaker-listener", "drift",
        "still-offset",
    ]

    static func load(_ name: String) throws -> Scene {
        try SceneLoader.load(contentsOf: scenesDirectory + "/" + name + ".json5")
    }

    /// A valid scene with `subject` spliced in as its one subject's body.
    static func text(camera: String = defaultCamera, subject: String = defaultSubject, extra: String = "") -> String {
        """
        {
          name: "inline",
          durationSec: 5,
          camera: { \(camera) },
          \(extra)
          subjects: [ { \(subject) } ],
        }
        """
    }

    static let defaultCamera = """
        deviceType: "wideAngle", position: "back", orientation: "landscapeLeft", frameRateHz: 30,
        latencyMs: 33, noiseSigma: 0, dropoutProbability: 0, seed: 1
        """

    static let defaultSubject = """
        id: 1, kind: "face", widthRad: 0.1, heightRad: 0.1, trajectory: [ { atSec: 0, yawRad: 0, pitchRad: 0 } ]
        """

    static func camera(
        position: CameraInformation.Position = .back, orientation: CameraInformation.Orientation = .landscapeLeft,
        noise: Double = 0, dropout: Double = 0, seed: UInt64 = 1
    ) -> SceneCamera {
        SceneCamera(
            deviceType: .wideAngle, position: position, orientation: orientation, frameRateHz: 30,
            latencySeconds: 0.033, noiseSigma: noise, dropoutProbability: dropout, seed: seed)
    }

    static func scene(camera: SceneCamera, subjects: [SceneSubject]) -> Scene {
        Scene(name: "test", durationSeconds: 5, camera: camera, subjects: subjects, primarySubjectID: subjects.first?.id ?? 0)
    }

    static func still(id: Int64 = 1, yaw: Double, pitch: Double) -> SceneSubject {
        SceneSubject(id: id, kind: .humanFace, widthRadians: 0.1, heightRadians: 0.12, path: SubjectPath(still: yaw, pitch: pitch))
    }
}
