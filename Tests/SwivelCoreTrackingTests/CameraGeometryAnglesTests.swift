import Testing
@testable import SwivelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private typealias F = CameraGeometryFixture
private typealias P = NormalizedPointLowerLeft

@Suite struct CameraGeometryAnglesTests {
    /// From a BUFFER rect all the way to the stand correction, as the tracker does it.
    private func correction(
        bufferRect: NormalizedRectLowerLeft, _ camera: CameraInformation
    ) -> (yaw: Radians, pitch: Radians) {
        let upright = CameraGeometry.upright(bufferRect, orientation: camera.orientation)
        let centre = P(x: upright.x + upright.width / 2, y: upright.y + upright.height / 2)
        let angles = CameraGeometry.angles(ofUpright: centre, camera: camera, fieldOfView: .defaults)
        return CameraGeometry.standCorrection(for: angles, position: camera.position)
    }

    /// A 0.1 × 0.1 buffer rect whose centre lands on `upright` in the upright image.
    private func bufferRect(showingUprightCentre upright: P, _ orientation: CameraInformation.Orientation) -> NormalizedRectLowerLeft {
        let c = CameraGeometry.buffer(upright, orientation: orientation)
        return NormalizedRectLowerLeft(x: c.x - 0.05, y: c.y - 0.05, width: 0.1, height: 0.1)
    }

    @Test(arguments: CameraGeometryFixture.allOrientations)
    func aFaceAboveCentreNeedsNegativePitchOnTheBackAndPositiveOnTheFront(_ orientation: CameraInformation.Orientation) {
        let rect = bufferRect(showingUprightCentre: P(x: 0.5, y: 0.8), orientation)
        let back = correction(bufferRect: rect, F.camera(.back, orientation))
        let front = correction(bufferRect: rect, F.camera(.front, orientation))
        #expect(back.pitch < -0.1)
        #expect(front.pitch > 0.1)
        #expect(abs(back.yaw) < 1e-12 && abs(front.yaw) < 1e-12)
    }

    @Test(arguments: CameraGeometryFixture.allOrientations)
    func aFaceRightOfCentreNeedsPositiveYawForBothCameras(_ orientation: CameraInformation.Orientation) {
        let rect = bufferRect(showingUprightCentre: P(x: 0.8, y: 0.5), orientation)
        for position in F.positions {
            let c = correction(bufferRect: rect, F.camera(position, orientation))
            #expect(c.yaw > 0.1)
            #expect(abs(c.pitch) < 1e-12)
        }
    }

    @Test(arguments: CameraGeometryFixture.allOrientations)
    func theCentreIsStraightAhead(_ orientation: CameraInformation.Orientation) {
        for position in F.positions {
            let a = CameraGeometry.angles(ofUpright: P(x: 0.5, y: 0.5), camera: F.camera(position, orientation), fieldOfView: .defaults)
            #expect(a == ImageAngles(horizontal: 0, vertical: 0))
        }
    }

    // Pins the table's physical meaning, not only its algebra: held in portrait,
    // the buffer's left edge is the top of the picture.
    @Test func inPortraitTheBuffersLeftSideIsUp() {
        let rect = NormalizedRectLowerLeft(x: 0.05, y: 0.45, width: 0.1, height: 0.1)
        #expect(correction(bufferRect: rect, F.camera(.back, .portrait)).pitch < -0.1)
        #expect(correction(bufferRect: rect, F.camera(.back, .portraitUpsideDown)).pitch > 0.1)
        #expect(abs(correction(bufferRect: rect, F.camera(.back, .portrait)).yaw) < 1e-12)
        // Held upside down in landscape, the buffer's left side is on the right.
        #expect(correction(bufferRect: rect, F.camera(.back, .landscapeRight)).yaw > 0.1)
    }

    @Test func offCentreAnglesArePinholeNotLinear() {
        let camera = F.camera()
        let halfH = 1.107 / 2, halfV = 0.860 / 2
        // The frame's edges are exactly half the field of view away.
        let corner = CameraGeometry.angles(ofUpright: P(x: 1, y: 0), camera: camera, fieldOfView: .defaults)
        #expect(F.close(corner.horizontal, halfH))
        #expect(F.close(corner.vertical, -halfV))
        // Half-way to the edge is atan(½·tan(fov/2)), well short of the linear fov/4.
        let quarter = CameraGeometry.angles(ofUpright: P(x: 0.75, y: 0.25), camera: camera, fieldOfView: .defaults)
        #expect(F.close(quarter.horizontal, atan(0.5 * tan(halfH))))
        #expect(F.close(quarter.vertical, -atan(0.5 * tan(halfV))))
        #expect(quarter.horizontal - halfH / 2 > 0.02)
    }

    @Test func portraitSwapsTheLandscapeFieldOfView() {
        for orientation in [CameraInformation.Orientation.portrait, .portraitUpsideDown] {
            let a = CameraGeometry.angles(ofUpright: P(x: 1, y: 1), camera: F.camera(.back, orientation), fieldOfView: .defaults)
            #expect(F.close(a.horizontal, 0.860 / 2))
            #expect(F.close(a.vertical, 1.107 / 2))
        }
        for orientation in [CameraInformation.Orientation.landscapeLeft, .landscapeRight, .corrected, .faceUp, .faceDown] {
            let a = CameraGeometry.angles(ofUpright: P(x: 1, y: 1), camera: F.camera(.back, orientation), fieldOfView: .defaults)
            #expect(F.close(a.horizontal, 1.107 / 2))
            #expect(F.close(a.vertical, 0.860 / 2))
        }
    }

    @Test func theDeviceTypeChoosesTheFieldOfView() {
        let tele = CameraGeometry.angles(
            ofUpright: P(x: 1, y: 0.5), camera: F.camera(device: .telephoto), fieldOfView: .defaults)
        let ultra = CameraGeometry.angles(
            ofUpright: P(x: 1, y: 0.5), camera: F.camera(device: .ultraWide), fieldOfView: .defaults)
        #expect(F.close(tele.horizontal, 0.489 / 2))
        #expect(F.close(ultra.horizontal, 1.745 / 2))
    }

    @Test(arguments: CameraGeometryFixture.allOrientations)
    func uprightPointInvertsAnglesExactly(_ orientation: CameraInformation.Orientation) {
        for device in CameraInformation.DeviceType.allCases {
            let camera = F.camera(.back, orientation, device: device)
            for p in F.grid {
                let a = CameraGeometry.angles(ofUpright: p, camera: camera, fieldOfView: .defaults)
                #expect(F.close(CameraGeometry.uprightPoint(at: a, camera: camera, fieldOfView: .defaults), p))
            }
            let a = ImageAngles(horizontal: -0.4, vertical: 0.3)
            let p = CameraGeometry.uprightPoint(at: a, camera: camera, fieldOfView: .defaults)
            #expect(F.close(CameraGeometry.angles(ofUpright: p, camera: camera, fieldOfView: .defaults), a))
        }
    }

    @Test func standCorrectionSigns() {
        let a = ImageAngles(horizontal: 0.2, vertical: 0.1)
        let back = CameraGeometry.standCorrection(for: a, position: .back)
        let front = CameraGeometry.standCorrection(for: a, position: .front)
        #expect(back.yaw == 0.2 && back.pitch == -0.1)
        #expect(front.yaw == 0.2 && front.pitch == 0.1)
    }

    @Test func correctionTowardsATargetIsTheDifference() {
        let subject = ImageAngles(horizontal: 0.3, vertical: 0.25)
        let target = ImageAngles(horizontal: -0.1, vertical: 0.05)
        let back = CameraGeometry.standCorrection(bringing: subject, to: target, position: .back)
        #expect(F.close(back.yaw, 0.4) && F.close(back.pitch, -0.2))
        let front = CameraGeometry.standCorrection(bringing: subject, to: target, position: .front)
        #expect(F.close(front.yaw, 0.4) && F.close(front.pitch, 0.2))
    }
}

/// The signs against the stand's real kinematics (`Quaternion`), not against
/// themselves: applying the correction repeatedly must centre the subject, for
/// both cameras. A wrong pitch sign for one camera makes it run away instead.
@Suite struct CameraGeometryKinematicsTests {
    private struct CameraAxes { var forward: (Double, Double, Double); var right: (Double, Double, Double); var up: (Double, Double, Double) }

    // Body frame at zero orientation: x = left, y = down, z = backward.
    private static func axes(_ position: CameraInformation.Position) -> CameraAxes {
        switch position {
        case .back: CameraAxes(forward: (0, 0, -1), right: (-1, 0, 0), up: (0, -1, 0))
        case .front: CameraAxes(forward: (0, 0, 1), right: (1, 0, 0), up: (0, -1, 0))
        }
    }

    private static func seen(
        _ world: (Double, Double, Double), stand: Vector3, _ position: CameraInformation.Position
    ) -> ImageAngles {
        let m = Quaternion(pitchYawRoll: stand).rotationMatrix // body → world
        // world → body is the transpose
        let b = (
            m[0][0] * world.0 + m[1][0] * world.1 + m[2][0] * world.2,
            m[0][1] * world.0 + m[1][1] * world.1 + m[2][1] * world.2,
            m[0][2] * world.0 + m[1][2] * world.1 + m[2][2] * world.2
        )
        func dot(_ a: (Double, Double, Double)) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
        let c = axes(position)
        let z = dot(c.forward)
        return ImageAngles(horizontal: atan(dot(c.right) / z), vertical: atan(dot(c.up) / z))
    }

    private static func subject(_ position: CameraInformation.Position) -> (Double, Double, Double) {
        // Up and to the right of where the camera looks at zero.
        let c = axes(position)
        return (
            c.forward.0 + 0.4 * c.right.0 + 0.3 * c.up.0,
            c.forward.1 + 0.4 * c.right.1 + 0.3 * c.up.1,
            c.forward.2 + 0.4 * c.right.2 + 0.3 * c.up.2
        )
    }

    /// The largest image angle after each correction, correcting as `camera` says.
    private static func errors(
        _ position: CameraInformation.Position, correctingAs camera: CameraInformation.Position, steps: Int
    ) -> [Double] {
        let world = subject(position)
        var stand = Vector3()
        var errors: [Double] = []
        for _ in 0..<steps {
            let a = seen(world, stand: stand, position)
            errors.append(max(abs(a.horizontal), abs(a.vertical)))
            let correction = CameraGeometry.standCorrection(for: a, position: camera)
            stand.yaw += correction.yaw
            stand.pitch += correction.pitch
        }
        return errors
    }

    @Test(arguments: [CameraInformation.Position.back, .front])
    func repeatedCorrectionsCentreTheSubject(_ position: CameraInformation.Position) throws {
        let errors = Self.errors(position, correctingAs: position, steps: 8)
        let first = try #require(errors.first)
        #expect(first > 0.3)
        // The first correction already removes most of it (pan and tilt couple
        // only to second order); every later one gets closer, down to rounding.
        #expect(errors[1] < 0.1 * first)
        for (a, b) in zip(errors, errors.dropFirst()) where a > 1e-12 { #expect(b < a) }
        #expect(try #require(errors.last) < 1e-12)
    }

    @Test func theOtherCamerasPitchSignRunsAway() {
        for (position, wrong) in [(CameraInformation.Position.back, CameraInformation.Position.front), (.front, .back)] {
            let errors = Self.errors(position, correctingAs: wrong, steps: 3)
            #expect(errors[1] > errors[0])
            #expect(errors[2] > errors[1])
        }
    }
}
