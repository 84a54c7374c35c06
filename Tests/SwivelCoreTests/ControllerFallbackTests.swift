import SwivelTestSupport
import Testing
@testable import SwivelCore

/// Issue 10: when the limiter refused a command (one that is not a number),
/// the controller held the axis still at once, a dead stop from any speed.
/// Its answer goes through the limiter instead: brake at the cap.
@Suite struct ControllerFallbackTests {
    @Test func aRefusedCommandBrakesAtTheCapThroughTheLimiter() throws {
        let yaw = ControllerHarness.limits(-2.8, 2.8, speed: 3, accel: 12)
        let moving = Limiter.State(position: 1, velocity: 3)
        for command in [Limiter.Command.velocity(.nan), .position(.infinity, velocity: 0), .position(0, velocity: .nan)] {
            let step = MotionController.limitedStep(moving, command, yaw, yaw.positionRange, dt: 0.001)
            #expect(step.refused)
            #expect(abs(step.state.velocity - (3 - 0.012)) < 1e-12) // braking at the cap, not a dead stop
            #expect(abs(step.state.position - (1 + step.state.velocity * 0.001)) < 1e-15)
        }
        let fine = MotionController.limitedStep(moving, .velocity(3), yaw, yaw.positionRange, dt: 0.001)
        #expect(!fine.refused)
    }
}
