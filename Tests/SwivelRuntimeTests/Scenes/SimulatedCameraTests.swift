#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore
import SwivelProtocol
import Testing
@testable import SwivelAccessories
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelRuntime
@testable import SwivelStand

@Suite struct SimulatedCameraTests {
    static let positions: [CameraInformation.Position] = [.back, .front]
    static let orientations = CameraInformation.Orientation.allCases

    private func view(
        yaw: Double, pitch: Double, standYaw: Double = 0, standPitch: Double = 0,
        position: CameraInformation.Position = .back, orientation: CameraInformation.Orientation = .landscapeLeft
    ) -> SubjectView {
        let subject = SceneFixtures.still(yaw: yaw, pitch: pitch)
        let camera = SimulatedCamera(scene: SceneFixtures.scene(
            camera: SceneFixtures.camera(position: position, orientation: orientation), subjects: [subject]))
        return camera.view(of: subject, at: 0, standYaw: standYaw, standPitch: standPitch)
    }

    @Test(arguments: positions, orientations)
    func aSubjectOnTheOpticalAxisIsAtTheCentre(_ position: CameraInformation.Position, _ orientation: CameraInformation.Orientation) throws {
        // The stand at (0.3, 0.2) looks at yaw 0.3 and at elevation −0.2 (back) or +0.2 (front).
        let pose = (yaw: 0.3, pitch: 0.2)
        let elevation = position == .back ? -pose.pitch : pose.pitch
        let v = view(yaw: pose.yaw, pitch: elevation, standYaw: pose.yaw, standPitch: pose.pitch,
                     position: position, orientation: orientation)
        let centre = try #require(v.uprightCentre)
        #expect(abs(centre.x - 0.5) < 1e-12 && abs(centre.y - 0.5) < 1e-12)
        let buffer = try #require(v.bufferRect)
        #expect(abs(buffer.x + buffer.width / 2 - 0.5) < 1e-12 && abs(buffer.y + buffer.height / 2 - 0.5) < 1e-12)
        #expect(v.framingError == 0)
    }

    @Test(arguments: positions, orientations)
    func rightOfThePoseIsRightInTheUprightImage(_ position: CameraInformation.Position, _ orientation: CameraInformation.Orientation) throws {
        let v = view(yaw: 0.2, pitch: 0, standYaw: 0.05, position: position, orientation: orientation)
        let centre = try #require(v.uprightCentre)
        #expect(centre.x > 0.5)
        #expect(abs(centre.y - 0.5) < 1e-12)
        #expect(v.framingError > 0)
    }

    @Test(arguments: positions, orientations)
    func aboveTheOpticalAxisIsUpInTheUprightImage(_ position: CameraInformation.Position, _ orientation: CameraInformation.Orientation) throws {
        // The optical axis sits at elevation −standPitch (back) or +standPitch (front).
        let standPitch = 0.1
        let axis = position == .back ? -standPitch : standPitch
        let v = view(yaw: 0, pitch: axis + 0.15, standPitch: standPitch, position: position, orientation: orientation)
        let centre = try #require(v.uprightCentre)
        #expect(centre.y > 0.5)
        #expect(abs(centre.x - 0.5) < 1e-12)
    }

    /// What the camera emits, read back the way the stand reads it, gives the
    /// angles it was made from, and the stand correction lands on the subject.
    @Test(arguments: positions, orientations)
    func projectionRoundTripsThroughCameraGeometry(_ position: CameraInformation.Position, _ orientation: CameraInformation.Orientation) throws {
        let stand = (yaw: -0.4, pitch: 0.15)
        let subject = (yaw: -0.1, pitch: 0.05)
        let v = view(yaw: subject.yaw, pitch: subject.pitch, standYaw: stand.yaw, standPitch: stand.pitch,
                     position: position, orientation: orientation)
        let buffer = try #require(v.bufferRect)
        let upright = CameraGeometry.upright(buffer, orientation: orientation)
        let uprightRect = try #require(v.uprightRect)
        #expect(abs(upright.x - uprightRect.x) < 1e-12 && abs(upright.y - uprightRect.y) < 1e-12)
        #expect(abs(upright.width - uprightRect.width) < 1e-12 && abs(upright.height - uprightRect.height) < 1e-12)

        let info = CameraInformation(deviceType: .wideAngle, position: position, orientation: orientation)
        let centre = try #require(v.uprightCentre)
        let angles = CameraGeometry.angles(ofUpright: centre, camera: info, fieldOfView: .defaults)
        #expect(abs(angles.horizontal - v.angles.horizontal) < 1e-12)
        #expect(abs(angles.vertical - v.angles.vertical) < 1e-12)
        let correction = CameraGeometry.standCorrection(for: angles, position: position)
        let target = SimulatedCamera.centringPose(subjectYaw: subject.yaw, subjectPitch: subject.pitch, position: position)
        #expect(abs(stand.yaw + correction.yaw - target.yaw) < 1e-12)
        #expect(abs(stand.pitch + correction.pitch - target.pitch) < 1e-12)
    }

    @Test func angularSizeBecomesNormalizedSizeThroughTheSameProjection() throws {
        // Landscape wide camera: a 0.1 rad face on the axis spans 2·tan(0.05)/(2·tan(1.107/2)) of the width.
        let v = view(yaw: 0, pitch: 0)
        let rect = try #require(v.uprightRect)
        let halfTangent = tan(1.107 / 2)
        #expect(abs(rect.width - tan(0.05) / halfTangent) < 1e-12)
        #expect(abs(rect.height - tan(0.06) / tan(0.860 / 2)) < 1e-12)
        // Portrait: the buffer's width and height swap.
        let portrait = try #require(view(yaw: 0, pitch: 0, orientation: .portrait).bufferRect)
        #expect(portrait.height > portrait.width)
    }

    @Test func subjectsOutsideTheFrameAreDroppedAndPartlyOutsideAreClipped() throws {
        var camera = SimulatedCamera(scene: SceneFixtures.scene(
            camera: SceneFixtures.camera(),
            subjects: [SceneFixtures.still(id: 1, yaw: 0.7, pitch: 0), SceneFixtures.still(id: 2, yaw: 0.53, pitch: 0),
                       SceneFixtures.still(id: 3, yaw: -2.5, pitch: 0)]))
        let frame = camera.capture(at: 0, standYaw: 0, standPitch: 0)
        #expect(frame.batch.observations.map(\.identifier) == [2])
        #expect(frame.views.map(\.inFrame) == [false, true, false])
        let clipped = try #require(frame.batch.observations.first?.rect)
        #expect(abs(clipped.x + clipped.width - 1) < 1e-12)
        #expect(frame.views[0].framingError > 0.5 && frame.views[2].framingError == -1)
    }

    @Test func aBatchCarriesTheLatencyAsItsAgeAndArrivesThatMuchLater() {
        var camera = SimulatedCamera(
            scene: SceneFixtures.scene(camera: SceneFixtures.camera(), subjects: [SceneFixtures.still(yaw: 0, pitch: 0)]),
            latencySeconds: 0.1)
        #expect(camera.nextCaptureSeconds == 0)
        _ = camera.capture(at: 0, standYaw: 0, standPitch: 0)
        #expect(abs(camera.nextCaptureSeconds - 1.0 / 30) < 1e-15)
        let frame = camera.capture(at: 0.034, standYaw: 0, standPitch: 0)
        #expect(frame.batch.captureAgeMicroseconds == 100_000)
        #expect(abs(frame.deliverySeconds - 0.134) < 1e-12)
        #expect(frame.batch.camera == CameraInformation(deviceType: .wideAngle, position: .back, orientation: .landscapeLeft))
    }

    private func frames(seed: UInt64, noise: Double, dropout: Double, count: Int, standYaw: Double = 0) -> [CapturedFrame] {
        var camera = SimulatedCamera(scene: SceneFixtures.scene(
            camera: SceneFixtures.camera(noise: noise, dropout: dropout, seed: seed),
            subjects: [SceneFixtures.still(id: 1, yaw: 0.1, pitch: 0), SceneFixtures.still(id: 2, yaw: -0.1, pitch: 0.05)]))
        return (0..<count).map { i in camera.capture(at: Double(i) / 30, standYaw: standYaw, standPitch: 0) }
    }

    @Test func noiseAndDropoutsAreDeterministicPerSeed() {
        let a = frames(seed: 42, noise: 0.01, dropout: 0.2, count: 300)
        let b = frames(seed: 42, noise: 0.01, dropout: 0.2, count: 300)
        let c = frames(seed: 43, noise: 0.01, dropout: 0.2, count: 300)
        #expect(a == b)
        #expect(a.map(\.batch) != c.map(\.batch))
    }

    @Test func noiseAndDropoutsFollowTheirParameters() {
        let all = frames(seed: 7, noise: 0.01, dropout: 0.25, count: 2000)
        let reported = all.reduce(0) { $0 + $1.batch.observations.count }
        let dropped = 1 - Double(reported) / Double(2 * all.count)
        #expect(dropped > 0.22 && dropped < 0.28)
        var errors: [Double] = []
        for frame in all {
            for o in frame.batch.observations {
                guard let truth = frame.views.first(where: { $0.id == o.identifier })?.bufferRect else { continue }
                errors.append(o.rect.x - truth.x)
            }
        }
        let mean = errors.reduce(0, +) / Double(errors.count)
        let sigma = (errors.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(errors.count)).squareRoot()
        #expect(abs(mean) < 0.001)
        #expect(sigma > 0.0095 && sigma < 0.0105)
    }

    @Test func theDetectorsErrorsDoNotDependOnWhereTheStandPoints() {
        // Two controllers in the same scene see the same detector errors.
        let here = frames(seed: 3, noise: 0.01, dropout: 0.2, count: 200, standYaw: 0)
        let there = frames(seed: 3, noise: 0.01, dropout: 0.2, count: 200, standYaw: 0.05)
        for (a, b) in zip(here, there) {
            #expect(a.batch.observations.map(\.identifier) == b.batch.observations.map(\.identifier))
            for (oa, ob) in zip(a.batch.observations, b.batch.observations) {
                let ta = a.views.first { $0.id == oa.identifier }?.bufferRect?.y ?? .nan
                let tb = b.views.first { $0.id == ob.identifier }?.bufferRect?.y ?? .nan
                #expect(abs((oa.rect.y - ta) - (ob.rect.y - tb)) < 1e-12)
            }
        }
    }

    @Test func speakingConfidenceFollowsItsCurve() throws {
        let curve = try #require(ConfidenceCurve(points: [.init(timeSeconds: 0, confidence: 0), .init(timeSeconds: 2, confidence: 1)]))
        let subject = SceneSubject(id: 5, kind: .humanFace, widthRadians: 0.1, heightRadians: 0.1,
                                   path: SubjectPath(still: 0, pitch: 0), speaking: curve)
        var camera = SimulatedCamera(scene: SceneFixtures.scene(camera: SceneFixtures.camera(), subjects: [subject]))
        let frame = camera.capture(at: 0.5, standYaw: 0, standPitch: 0)
        #expect(frame.batch.observations.first?.speakingConfidence == 0.25)
    }
}
