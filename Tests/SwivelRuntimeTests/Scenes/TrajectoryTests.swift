import Testing
@testable import SwivelRuntime

@Suite struct TrajectoryTests {
    let trajectory = Trajectory(points: [
        .init(timeSeconds: 0, yaw: 0, pitch: 0),
        .init(timeSeconds: 1, yaw: 0, pitch: 0),
        .init(timeSeconds: 3, yaw: 1, pitch: 0.2),
        .init(timeSeconds: 3, yaw: 1.5, pitch: 0.2),
        .init(timeSeconds: 4, yaw: 1.5, pitch: 0.2),
    ])!

    @Test func piecewiseLinearWithAJumpAndHeldAfterTheEnd() {
        #expect(trajectory.position(at: -1) == (0, 0))
        #expect(trajectory.position(at: 2) == (0.5, 0.1))
        #expect(trajectory.position(at: 2.999).yaw < 1)
        #expect(trajectory.position(at: 3) == (1.5, 0.2))
        #expect(trajectory.position(at: 10) == (1.5, 0.2))
    }

    @Test func velocityIsTheSegmentsSlope() {
        #expect(trajectory.velocity(at: 0.5) == (0, 0))
        #expect(trajectory.velocity(at: 2) == (0.5, 0.1))
        #expect(trajectory.velocity(at: 3.5) == (0, 0))
        #expect(trajectory.velocity(at: 9) == (0, 0))
    }

    @Test func stepsAndChanges() {
        #expect(trajectory.steps == [Trajectory.Step(timeSeconds: 3, yaw: 0.5, pitch: 0)])
        #expect(trajectory.nextChange(after: 0.2) == 1)
        #expect(trajectory.nextChange(after: 3.2) == nil)
    }

    @Test func invalidTrajectoriesAreRefused() {
        #expect(Trajectory(points: []) == nil)
        #expect(Trajectory(points: [.init(timeSeconds: 1, yaw: 0, pitch: 0), .init(timeSeconds: 0, yaw: 0, pitch: 0)]) == nil)
        #expect(Trajectory(points: [.init(timeSeconds: 0, yaw: .nan, pitch: 0)]) == nil)
        #expect(ConfidenceCurve(points: [.init(timeSeconds: 0, confidence: 1.5)]) == nil)
    }
}
