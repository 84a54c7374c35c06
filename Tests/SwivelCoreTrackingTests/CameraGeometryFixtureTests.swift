import Testing
@testable import SwivelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shared by the CameraGeometry*Tests files.
enum CameraGeometryFixture {
    static let allOrientations = CameraInformation.Orientation.allCases
    static let positions: [CameraInformation.Position] = [.back, .front]
    static let wide = FieldOfViewTable.defaults.wideAngle

    static func camera(
        _ position: CameraInformation.Position = .back, _ orientation: CameraInformation.Orientation = .landscapeLeft,
        device: CameraInformation.DeviceType = .wideAngle, intrinsics: CameraInformation.Intrinsics? = nil
    ) -> CameraInformation {
        CameraInformation(deviceType: device, position: position, orientation: orientation, intrinsics: intrinsics)
    }

    /// The pinhole matrix of a camera with this landscape field of view over a
    /// `width`×`height` buffer (non-square pixels when the aspects differ).
    static func intrinsics(
        from fov: FieldOfView, width: Double = 1920, height: Double = 1440,
        cx: Double? = nil, cy: Double? = nil, skew: Double = 0
    ) -> CameraInformation.Intrinsics {
        let fx = (width / 2) / tan(fov.horizontalRadians / 2)
        let fy = (height / 2) / tan(fov.verticalRadians / 2)
        return CameraInformation.Intrinsics(
            matrix: [fx, skew, cx ?? width / 2, 0, fy, cy ?? height / 2, 0, 0, 1],
            referenceWidth: width, referenceHeight: height)
    }

    /// A grid over the frame and a little beyond it, corners included.
    static let grid: [NormalizedPointLowerLeft] = {
        let steps = [-0.2, 0, 0.1, 0.25, 0.5, 0.6, 0.9, 1, 1.3]
        return steps.flatMap { x in steps.map { y in NormalizedPointLowerLeft(x: x, y: y) } }
    }()

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool { abs(a - b) <= tolerance }
    static func close(_ a: NormalizedPointLowerLeft, _ b: NormalizedPointLowerLeft, _ tolerance: Double = 1e-12) -> Bool {
        close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
    }
    static func close(_ a: ImageAngles, _ b: ImageAngles, _ tolerance: Double = 1e-12) -> Bool {
        close(a.horizontal, b.horizontal, tolerance) && close(a.vertical, b.vertical, tolerance)
    }
}

@Suite struct CameraGeometryFixtureTests {
    @Test func theFixtureIntrinsicsSeeTheFieldOfViewAtTheFrameEdges() {
        let k = CameraGeometryFixture.intrinsics(from: CameraGeometryFixture.wide)
        #expect(CameraGeometry.isUsable(k))
        // The buffer's right edge is at hfov/2 and its top edge at vfov/2.
        let camera = CameraGeometryFixture.camera(intrinsics: k)
        let a = CameraGeometry.angles(ofUpright: .init(x: 1, y: 1), camera: camera, fieldOfView: .defaults)
        #expect(CameraGeometryFixture.close(a.horizontal, 1.107 / 2))
        #expect(CameraGeometryFixture.close(a.vertical, 0.860 / 2))
    }
}
