import Testing
@testable import SwivelCore

private typealias F = CameraGeometryFixture
private typealias P = NormalizedPointLowerLeft

@Suite struct CameraGeometryOrientationTests {
    // The table in docs/TRACKING.md, for the buffer point (u, v) = (0.2, 0.7).
    @Test(arguments: [
        (CameraInformation.Orientation.corrected, P(x: 0.2, y: 0.7)),
        (.landscapeLeft, P(x: 0.2, y: 0.7)),
        (.faceUp, P(x: 0.2, y: 0.7)),
        (.faceDown, P(x: 0.2, y: 0.7)),
        (.landscapeRight, P(x: 0.8, y: 0.3)),   // (1 − u, 1 − v)
        (.portrait, P(x: 0.7, y: 0.8)),         // (v, 1 − u)
        (.portraitUpsideDown, P(x: 0.3, y: 0.2)), // (1 − v, u)
    ])
    func pointFollowsTheTable(_ orientation: CameraInformation.Orientation, _ expected: NormalizedPointLowerLeft) {
        let upright = CameraGeometry.upright(P(x: 0.2, y: 0.7), orientation: orientation)
        #expect(F.close(upright, expected, 1e-15))
    }

    @Test func portraitTurnsTheBufferClockwise() {
        // Clockwise: the buffer's left edge becomes the top, its top the right.
        #expect(F.close(CameraGeometry.upright(P(x: 0, y: 0.5), orientation: .portrait), P(x: 0.5, y: 1), 0))
        #expect(F.close(CameraGeometry.upright(P(x: 0.5, y: 1), orientation: .portrait), P(x: 1, y: 0.5), 0))
        // Counter-clockwise: the left edge becomes the bottom.
        #expect(F.close(CameraGeometry.upright(P(x: 0, y: 0.5), orientation: .portraitUpsideDown), P(x: 0.5, y: 0), 0))
    }

    @Test(arguments: CameraGeometryFixture.allOrientations)
    func bufferUndoesUprightBothWays(_ orientation: CameraInformation.Orientation) {
        for p in F.grid {
            #expect(F.close(CameraGeometry.buffer(CameraGeometry.upright(p, orientation: orientation), orientation: orientation), p, 1e-15))
            #expect(F.close(CameraGeometry.upright(CameraGeometry.buffer(p, orientation: orientation), orientation: orientation), p, 1e-15))
        }
    }

    @Test(arguments: CameraGeometryFixture.allOrientations)
    func rectIsTheBoxOfItsTransformedCorners(_ orientation: CameraInformation.Orientation) {
        let rect = NormalizedRectLowerLeft(x: 0.1, y: 0.2, width: 0.3, height: 0.45)
        let a = CameraGeometry.upright(P(x: rect.x, y: rect.y), orientation: orientation)
        let b = CameraGeometry.upright(P(x: rect.x + rect.width, y: rect.y + rect.height), orientation: orientation)
        let upright = CameraGeometry.upright(rect, orientation: orientation)
        #expect(F.close(upright.x, min(a.x, b.x), 1e-15))
        #expect(F.close(upright.y, min(a.y, b.y), 1e-15))
        #expect(F.close(upright.width, abs(a.x - b.x), 1e-15))
        #expect(F.close(upright.height, abs(a.y - b.y), 1e-15))
    }

    @Test func aQuarterTurnSwapsWidthAndHeight() {
        let rect = NormalizedRectLowerLeft(x: 0.1, y: 0.2, width: 0.3, height: 0.4)
        for orientation in [CameraInformation.Orientation.portrait, .portraitUpsideDown] {
            let upright = CameraGeometry.upright(rect, orientation: orientation)
            #expect(upright.width == 0.4 && upright.height == 0.3)
        }
        let p = CameraGeometry.upright(rect, orientation: .portrait)
        #expect(F.close(p.x, 0.2, 1e-15) && F.close(p.y, 0.6, 1e-15))
        let half = CameraGeometry.upright(rect, orientation: .landscapeRight)
        #expect(F.close(half.x, 0.6, 1e-15) && F.close(half.y, 0.4, 1e-15) && half.width == 0.3 && half.height == 0.4)
    }
}

@Suite struct CameraGeometryRectValidityTests {
    @Test func aNormalRectAndOnePartlyOutOfFrameAreValid() {
        #expect(CameraGeometry.isValid(NormalizedRectLowerLeft(x: 0.4, y: 0.5, width: 0.2, height: 0.2)))
        #expect(CameraGeometry.isValid(NormalizedRectLowerLeft(x: -0.2, y: 0.9, width: 0.4, height: 0.5)))
        #expect(CameraGeometry.isValid(NormalizedRectLowerLeft(x: -0.5, y: -0.5, width: 2, height: 2)))
    }

    @Test(arguments: [
        NormalizedRectLowerLeft(x: .nan, y: 0.5, width: 0.2, height: 0.2),
        NormalizedRectLowerLeft(x: 0.4, y: .nan, width: 0.2, height: 0.2),
        NormalizedRectLowerLeft(x: 0.4, y: 0.5, width: .nan, height: 0.2),
        NormalizedRectLowerLeft(x: 0.4, y: 0.5, width: 0.2, height: .nan),
        NormalizedRectLowerLeft(x: .infinity, y: 0.5, width: 0.2, height: 0.2),
        NormalizedRectLowerLeft(x: 0.4, y: 0.5, width: -.infinity, height: 0.2),
        NormalizedRectLowerLeft(x: 0.4, y: 0.5, width: 0, height: 0.2),
        NormalizedRectLowerLeft(x: 0.4, y: 0.5, width: 0.2, height: -0.1),
        NormalizedRectLowerLeft(x: -0.6, y: 0.5, width: 0.2, height: 0.2),
        NormalizedRectLowerLeft(x: 0.4, y: 1.4, width: 0.2, height: 0.2),
        NormalizedRectLowerLeft(x: 1e300, y: 0.5, width: 1e300, height: 0.2),
    ])
    func garbageIsRejected(_ rect: NormalizedRectLowerLeft) {
        #expect(!CameraGeometry.isValid(rect))
    }
}
