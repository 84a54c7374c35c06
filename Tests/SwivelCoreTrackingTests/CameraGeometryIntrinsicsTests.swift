import Testing
@testable import SwivelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private typealias F = CameraGeometryFixture
private typealias P = NormalizedPointLowerLeft
private typealias K = CameraInformation.Intrinsics

@Suite struct CameraGeometryIntrinsicsTests {
    // Intrinsics built from a field of view must give the field-of-view answer,
    // in every orientation: this is what pins the rotation of the tangent pair
    // (and of the portrait swap) against the table.
    @Test(arguments: CameraGeometryFixture.allOrientations)
    func intrinsicsFromTheFieldOfViewAgreeWithIt(_ orientation: CameraInformation.Orientation) {
        let withK = F.camera(.back, orientation, intrinsics: F.intrinsics(from: F.wide))
        let withoutK = F.camera(.back, orientation)
        for p in F.grid {
            let a = CameraGeometry.angles(ofUpright: p, camera: withK, fieldOfView: .defaults)
            let b = CameraGeometry.angles(ofUpright: p, camera: withoutK, fieldOfView: .defaults)
            #expect(F.close(a, b))
        }
    }

    @Test func intrinsicsWinOverTheTable() {
        // A telephoto matrix on a camera the table calls wide: the matrix decides.
        let tele = FieldOfViewTable.defaults.telephoto
        let camera = F.camera(intrinsics: F.intrinsics(from: tele))
        let a = CameraGeometry.angles(ofUpright: P(x: 1, y: 0.5), camera: camera, fieldOfView: .defaults)
        #expect(F.close(a.horizontal, tele.horizontalRadians / 2))
    }

    @Test func pixelFormulaFromTheDocs() {
        // horizontal atan((x − cx)/fx), vertical −atan((y − cy)/fy), y = (1 − v)·H.
        let k = K(matrix: [1000, 0, 900, 0, 1100, 500, 0, 0, 1], referenceWidth: 1920, referenceHeight: 1080)
        let camera = F.camera(intrinsics: k)
        let p = P(x: 0.8, y: 0.3)
        let a = CameraGeometry.angles(ofUpright: p, camera: camera, fieldOfView: .defaults)
        #expect(F.close(a.horizontal, atan((0.8 * 1920 - 900) / 1000)))
        #expect(F.close(a.vertical, -atan(((1 - 0.3) * 1080 - 500) / 1100)))
    }

    @Test(arguments: CameraGeometryFixture.allOrientations)
    func thePrincipalPointIsStraightAheadInEveryOrientation(_ orientation: CameraInformation.Orientation) {
        let k = K(matrix: [1000, 0, 700, 0, 1100, 400, 0, 0, 1], referenceWidth: 1920, referenceHeight: 1080)
        // Buffer point of the principal point: u = cx/W, v = 1 − cy/H.
        let bufferPoint = P(x: 700.0 / 1920, y: 1 - 400.0 / 1080)
        let upright = CameraGeometry.upright(bufferPoint, orientation: orientation)
        let a = CameraGeometry.angles(ofUpright: upright, camera: F.camera(.back, orientation, intrinsics: k), fieldOfView: .defaults)
        #expect(F.close(a, ImageAngles(horizontal: 0, vertical: 0)))
    }

    @Test func skewIsSolvedNotIgnored() {
        // Pixel x = fx·X + s·Y + cx, y = fy·Y + cy. The ray X = 0, Y = 0.3 lands
        // at x = cx + 0.3·s: straight ahead horizontally despite being off cx.
        let (fx, fy, s, cx, cy, w, h) = (1000.0, 1000.0, 200.0, 960.0, 540.0, 1920.0, 1080.0)
        let k = K(matrix: [fx, s, cx, 0, fy, cy, 0, 0, 1], referenceWidth: w, referenceHeight: h)
        let pixel = (x: cx + 0.3 * s, y: cy + 0.3 * fy)
        let p = P(x: pixel.x / w, y: 1 - pixel.y / h)
        let a = CameraGeometry.angles(ofUpright: p, camera: F.camera(intrinsics: k), fieldOfView: .defaults)
        #expect(F.close(a.horizontal, 0))
        #expect(F.close(a.vertical, -atan(0.3)))
        // Without the skew term that point would read 3.4° to the right.
        #expect(atan((pixel.x - cx) / fx) > 0.05)
    }

    @Test(arguments: CameraGeometryFixture.allOrientations)
    func uprightPointInvertsAnglesWithSkewAndAnOffCentrePrincipalPoint(_ orientation: CameraInformation.Orientation) {
        let k = K(matrix: [1400, 35, 1010, 0, 1380, 520, 0, 0, 1], referenceWidth: 1920, referenceHeight: 1080)
        for position in F.positions {
            let camera = F.camera(position, orientation, intrinsics: k)
            for p in F.grid {
                let a = CameraGeometry.angles(ofUpright: p, camera: camera, fieldOfView: .defaults)
                #expect(F.close(CameraGeometry.uprightPoint(at: a, camera: camera, fieldOfView: .defaults), p))
            }
            let a = ImageAngles(horizontal: 0.35, vertical: -0.2)
            let p = CameraGeometry.uprightPoint(at: a, camera: camera, fieldOfView: .defaults)
            #expect(F.close(CameraGeometry.angles(ofUpright: p, camera: camera, fieldOfView: .defaults), a))
        }
    }

    private static let good: [Double] = [1000, 0, 960, 0, 1000, 540, 0, 0, 1]

    @Test(arguments: [
        K(matrix: [0, 0, 960, 0, 1000, 540, 0, 0, 1], referenceWidth: 1920, referenceHeight: 1080), // fx = 0
        K(matrix: [1000, 0, 960, 0, -1000, 540, 0, 0, 1], referenceWidth: 1920, referenceHeight: 1080), // fy < 0
        K(matrix: [.nan, 0, 960, 0, 1000, 540, 0, 0, 1], referenceWidth: 1920, referenceHeight: 1080),
        K(matrix: [1000, 0, .infinity, 0, 1000, 540, 0, 0, 1], referenceWidth: 1920, referenceHeight: 1080),
        K(matrix: [1000, 0, 960, 0, 1000, 540, 0, 0], referenceWidth: 1920, referenceHeight: 1080), // 8 numbers
        K(matrix: [], referenceWidth: 1920, referenceHeight: 1080),
        K(matrix: [1000, 0, 0, 0, 1000, 0, 960, 540, 1], referenceWidth: 1920, referenceHeight: 1080), // column-major
        K(matrix: [1000, 0, 960, 0, 1000, 540, 0, 0, 2], referenceWidth: 1920, referenceHeight: 1080),
        K(matrix: good, referenceWidth: 0, referenceHeight: 1080),
        K(matrix: good, referenceWidth: 1920, referenceHeight: -1),
        K(matrix: good, referenceWidth: .nan, referenceHeight: 1080),
        K(matrix: good, referenceWidth: 1920, referenceHeight: .infinity),
    ])
    func unusableIntrinsicsFallBackToTheFieldOfView(_ k: CameraInformation.Intrinsics) {
        #expect(!CameraGeometry.isUsable(k))
        for orientation in [CameraInformation.Orientation.landscapeLeft, .portrait] {
            let withK = F.camera(.back, orientation, intrinsics: k)
            let withoutK = F.camera(.back, orientation)
            for p in [P(x: 0.9, y: 0.2), P(x: 0.3, y: 0.75)] {
                let a = CameraGeometry.angles(ofUpright: p, camera: withK, fieldOfView: .defaults)
                #expect(a == CameraGeometry.angles(ofUpright: p, camera: withoutK, fieldOfView: .defaults))
                #expect(a.horizontal.isFinite && a.vertical.isFinite)
                #expect(CameraGeometry.uprightPoint(at: a, camera: withK, fieldOfView: .defaults)
                    == CameraGeometry.uprightPoint(at: a, camera: withoutK, fieldOfView: .defaults))
            }
        }
    }

    @Test func aUsableMatrixIsUsed() {
        #expect(CameraGeometry.isUsable(K(matrix: Self.good, referenceWidth: 1920, referenceHeight: 1080)))
        // A computed bottom row a rounding error away from (0, 0, 1) still counts.
        #expect(CameraGeometry.isUsable(K(matrix: [1000, 0, 960, 1e-9, 1000, 540, 0, -1e-9, 1 + 1e-9], referenceWidth: 1920, referenceHeight: 1080)))
    }
}
