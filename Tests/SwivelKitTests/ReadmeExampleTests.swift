import SwivelKit
import SwivelTestSupport
import Testing
import SwivelStandHarness

/// README.md's SwivelKit example, with only the public API, against a stand
/// behind a real socket path (the example's loop is cut after one state).
@Suite(.serialized, .hangGuard) struct ReadmeExampleTests {
    @Test func theReadmeExampleRuns() async throws {
        let directory = try TemporaryDirectory()
        let pump = try StandPump(listeningAt: directory.file("swivel.sock"))
        defer { pump.stop() }

        let connection = try StandConnection(endpoint: .socket(path: directory.file("swivel.sock")), clientName: "my-app")
        let session = try await connection.session(waitingUpTo: .seconds(2))
        try await connection.setSystemTrackingEnabled(false)
        let progress = try await session.setOrientation(Vector3(pitch: 0, yaw: 0.5, roll: 0), duration: .seconds(1), relative: false)
        _ = await progress.finished()
        var seen: Vector3?
        for await state in session.motionStates {
            seen = state.angularPositions
            break
        }
        let positions = try #require(seen)
        #expect(abs(positions.yaw - 0.5) < 0.002)
    }
}
