import SwivelCore
import Testing
@testable import SwivelAccessories
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelRuntime
@testable import SwivelStand

@Suite struct SceneLoaderTests {
    private func problems(_ text: String) -> [SceneProblem] {
        do {
            _ = try SceneLoader.parse(text, source: "<test>")
            return []
        } catch {
            return error.problems
        }
    }

    @Test(arguments: SceneFixtures.shipped)
    func everyShippedSceneLoads(_ name: String) throws {
        let scene = try SceneFixtures.load(name)
        #expect(scene.name == name)
        #expect(scene.primarySubject != nil)
        #expect(scene.durationSeconds > 0)
    }

    @Test func theInlineSceneLoads() throws {
        let scene = try SceneLoader.parse(SceneFixtures.text(), source: "<test>")
        #expect(scene.camera.orientation == .landscapeLeft)
        #expect(scene.camera.latencySeconds == 0.033)
        #expect(scene.subjects.map(\.id) == [1])
    }

    @Test func unknownKeysAreNamedWithTheirPath() {
        let found = problems(SceneFixtures.text(
            camera: SceneFixtures.defaultCamera + ", fps: 30",
            subject: SceneFixtures.defaultSubject + ", colour: \"red\""))
        #expect(found.map(\.keyPath).sorted() == ["camera.fps", "subjects[0].colour"])
        #expect(found.allSatisfy { $0.reason.contains("unknown key") })
    }

    @Test func badValuesAreTypedWithTheirPath() {
        let camera = """
            deviceType: "fisheye", position: "side", orientation: "landscapeLeft", frameRateHz: 0,
            latencyMs: -1, noiseSigma: 0.5, dropoutProbability: 1, seed: 1.5
            """
        let paths = problems(SceneFixtures.text(camera: camera)).map(\.keyPath).sorted()
        #expect(paths == [
            "camera.deviceType", "camera.dropoutProbability", "camera.frameRateHz", "camera.latencyMs",
            "camera.noiseSigma", "camera.position", "camera.seed",
        ])
    }

    @Test func missingKeysAreReported() {
        let found = problems(SceneFixtures.text(subject: "id: 1, kind: \"face\", widthRad: 0.1, trajectory: [ { atSec: 0, yawRad: 0 } ]"))
        #expect(found.map(\.keyPath).sorted() == ["subjects[0].heightRad", "subjects[0].trajectory[0].pitchRad"])
    }

    @Test func keyframesAreChecked() {
        let subject = """
            id: 1, kind: "body", widthRad: 0.1, heightRad: 0.1, trajectory: [
              { atSec: 0.5, yawRad: 0, pitchRad: 0 },
              { atSec: 2, yawRad: 1, yawRadPerSec: 1 },
              { atSec: 1, yawRad: 0 },
              { atSec: 2, yawRadPerSec: 1 },
              { atSec: 2, yawRadPerSec: 1 },
            ]
            """
        let found = problems(SceneFixtures.text(subject: subject))
        #expect(found.map(\.keyPath) == [
            "subjects[0].trajectory[0].atSec",         // the first keyframe is at 0
            "subjects[0].trajectory[1].yawRadPerSec",  // an angle and a rate
            "subjects[0].trajectory[2].atSec",         // time goes backwards
            "subjects[0].trajectory[4].yawRadPerSec",  // a rate with no time to act
        ])
    }

    @Test func aRateMayNotCarryASubjectOutOfBounds() {
        let subject = """
            id: 1, kind: "object", widthRad: 0.1, heightRad: 0.1, trajectory: [
              { atSec: 0, yawRad: 0, pitchRad: 0 },
              { atSec: 2, pitchRadPerSec: 1 },
            ]
            """
        let found = problems(SceneFixtures.text(subject: subject))
        #expect(found.map(\.keyPath) == ["subjects[0].trajectory[1].pitchRadPerSec"])
        #expect(found.first?.reason.contains("reaches pitch 2.0") == true)
    }

    @Test func idsAreUniqueAndThePrimaryMustExist() {
        let text = """
            {
              name: "two", durationSec: 5, camera: { \(SceneFixtures.defaultCamera) }, primarySubject: 9,
              subjects: [ { \(SceneFixtures.defaultSubject) }, { \(SceneFixtures.defaultSubject) } ],
            }
            """
        #expect(problems(text).map(\.keyPath).sorted() == ["primarySubject", "subjects[1].id"])
    }

    @Test func syntaxErrorsAndUnreadableFilesAreProblemsToo() {
        let syntax = problems("{ name: ")
        #expect(syntax.count == 1)
        #expect(syntax.first?.line == 1)
        #expect(throws: SceneError.self) { try SceneLoader.load(contentsOf: "/nonexistent/scene.json5") }
    }

    @Test func ratesIntegrateFromThePreviousKeyframeAndAxesHold() throws {
        let subject = """
            id: 1, kind: "face", widthRad: 0.1, heightRad: 0.1, trajectory: [
              { atSec: 0, yawRad: 0.5, pitchRad: 0.1 },
              { atSec: 2, yawRadPerSec: -0.5 },
              { atSec: 3, pitchRad: 0.3 },
            ]
            """
        let scene = try SceneLoader.parse(SceneFixtures.text(subject: subject), source: "<test>")
        let points = try #require(scene.subjects.first?.path.points)
        #expect(points.map(\.yaw) == [0.5, -0.5, -0.5])
        #expect(points.map(\.pitch) == [0.1, 0.1, 0.3])
    }

    @Test func smoothingIsReadAndBounded() throws {
        let keyframes = "trajectory: [ { atSec: 0, yawRad: 0, pitchRad: 0 }, { atSec: 1, yawRadPerSec: 1 } ]"
        let good = "id: 1, kind: \"body\", widthRad: 0.1, heightRad: 0.1, smoothingSec: 0.25, " + keyframes
        let scene = try SceneLoader.parse(SceneFixtures.text(subject: good), source: "<test>")
        #expect(scene.subjects.first?.path.smoothingSeconds == 0.25)
        for bad in ["-0.1", "6", "\"fast\""] {
            let subject = "id: 1, kind: \"body\", widthRad: 0.1, heightRad: 0.1, smoothingSec: \(bad), " + keyframes
            #expect(problems(SceneFixtures.text(subject: subject)).map(\.keyPath) == ["subjects[0].smoothingSec"], "\(bad)")
        }
    }
}
