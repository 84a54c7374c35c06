import SwivelCore
@testable import SwivelAccessories
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelRuntime
@testable import SwivelStand
@testable import SwivelSceneBench
import SwivelStandHarness
import Testing

/// The contract: tracking must converge for both camera positions. Every
/// shipped scene, played once with the back camera and once with the front
/// camera (whose vertical sense is opposite), must frame its subject as well.
@Suite struct SceneCameraPositionTests {
    @Test(arguments: SceneFixtures.shipped)
    func theFrontCameraTracksAsWellAsTheBackCamera(_ name: String) throws {
        var back = try SceneFixtures.load(name)
        back.camera.position = .back
        var front = back
        front.camera.position = .front
        let board = try BoardFixtures.load("sim.json5")
        let backMetrics = TrackingMetrics.measure(try SceneRunner(scene: back, board: board, controller: .swivel).run())
        let frontMetrics = TrackingMetrics.measure(try SceneRunner(scene: front, board: board, controller: .swivel).run())
        // Same subjects, same detector noise and dropouts: only the pitch sense differs.
        #expect(abs(frontMetrics.timeInFrame - backMetrics.timeInFrame) <= 0.02,
                "in frame: front \(frontMetrics.timeInFrame), back \(backMetrics.timeInFrame)")
        #expect(frontMetrics.rmsFramingError <= backMetrics.rmsFramingError * 1.2 + 0.005,
                "RMS: front \(frontMetrics.rmsFramingError), back \(backMetrics.rmsFramingError)")
    }
}
