import SwivelCore
import SwivelProtocol
import Testing
@testable import SwivelAccessories
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelRuntime
@testable import SwivelStand
@testable import SwivelSceneBench

@Suite struct NaiveTrackerTests {
    private func batch(
        _ rects: [NormalizedRectLowerLeft], position: CameraInformation.Position = .back,
        orientation: CameraInformation.Orientation = .landscapeLeft
    ) -> TrackBatch {
        TrackBatch(
            captureAgeMicroseconds: 100_000,
            camera: CameraInformation(deviceType: .wideAngle, position: position, orientation: orientation),
            observations: rects.enumerated().map { Observation(identifier: Int64($0), kind: .humanFace, rect: $1) })
    }

    @Test func velocityIsTheGainTimesTheCorrectionOfTheLargestDetection() {
        let naive = NaiveTracker(gainPerSecond: 4)
        let small = NormalizedRectLowerLeft(x: 0.1, y: 0.45, width: 0.05, height: 0.1)
        let large = NormalizedRectLowerLeft(x: 0.65, y: 0.6, width: 0.1, height: 0.2)
        let v = naive.velocity(for: batch([small, large]))
        let angles = CameraGeometry.angles(
            ofUpright: NormalizedPointLowerLeft(x: 0.7, y: 0.7),
            camera: CameraInformation(deviceType: .wideAngle, position: .back, orientation: .landscapeLeft), fieldOfView: .defaults)
        #expect(abs(v.yaw - 4 * angles.horizontal) < 1e-12)
        // Above centre, back camera: negative pitch.
        #expect(abs(v.pitch + 4 * angles.vertical) < 1e-12)
        #expect(v.roll == 0)
    }

    @Test func theFrontCameraTiltsTheOtherWay() {
        let rect = NormalizedRectLowerLeft(x: 0.45, y: 0.7, width: 0.1, height: 0.1)
        #expect(NaiveTracker().velocity(for: batch([rect], position: .back)).pitch < 0)
        #expect(NaiveTracker().velocity(for: batch([rect], position: .front)).pitch > 0)
    }

    @Test func nothingSeenOrNothingValidStops() {
        #expect(NaiveTracker().velocity(for: batch([])) == .zero)
        #expect(NaiveTracker().velocity(for: batch([NormalizedRectLowerLeft(x: .nan, y: 0, width: 0.1, height: 0.1)])) == .zero)
    }
}
