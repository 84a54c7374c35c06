import SwivelTestSupport
import Testing
@testable import SwivelCore

@Suite struct SetLimitsTests {
    @Test func anAxisOutsideItsNewRangeReturnsAtTheCappedSpeed() throws {
        var h = ControllerHarness(at: PerAxis(pitch: 0, yaw: 2.0, roll: 0))
        let user = UserLimits(yaw: try UserAxisLimit(lowerRadians: -1, upperRadians: 1, maximumSpeed: 0.5))
        _ = try h.send(.setLimits(user))
        #expect(h.controller.limits.yaw?.positionRange == (try PositionRange(lowerRadians: -1, upperRadians: 1)))
        #expect(h.controller.limits.yaw?.maximumSpeed == 0.5)
        h.run(seconds: 3)
        #expect(abs(h.positions.yaw - 1) < 1e-12)
        #expect(h.controller.state.yaw.velocity == 0)
        let speeds = h.history.map { abs($0.yaw.velocity) }
        #expect(speeds.max()! <= 0.5 + 1e-12)
        #expect(speeds.filter { abs($0 - 0.5) < 1e-12 }.count > 1000) // it cruised at the cap
        // It starts outside the range, so only speed and acceleration can be checked throughout.
        let outsideRange = h.violations(of: h.controller.limits).filter { !$0.contains("position") }
        #expect(outsideRange.isEmpty)
        #expect(h.history.allSatisfy { $0.yaw.position <= 2.0 })
    }

    @Test func movesAndVelocitiesRespectTheNewLimits() throws {
        var h = ControllerHarness()
        _ = try h.send(.setLimits(UserLimits(pitch: try UserAxisLimit(lowerRadians: -0.2, upperRadians: 0.3, maximumSpeed: 1))))
        let receipt = try h.start(.setOrientation(.angles(Vector3(pitch: 0.6)), durationSeconds: 0, relative: false))
        #expect(receipt.clampedAxes == [.pitch])
        #expect(receipt.target.pitch == 0.3)
        _ = h.runUntilDone(receipt.requestID)
        _ = try h.send(.setAngularVelocity(Vector3(pitch: -5)))
        h.run(seconds: 2)
        #expect(abs(h.positions.pitch + 0.2) < 1e-12)
        #expect(h.violations(of: h.controller.limits).isEmpty)
    }

    @Test func invalidLimitsChangeNothing() throws {
        var h = ControllerHarness()
        #expect(throws: SwivelError(.invalidParameter, .emptyLimitIntersection, axis: .pitch, value: 1)) {
            try h.send(.setLimits(UserLimits(pitch: try UserAxisLimit(lowerRadians: 1, upperRadians: 2, maximumSpeed: 1))))
        }
        // One good axis and one bad: the good one is not applied either.
        var h2 = ControllerHarness(ControllerHarness.continuousYaw)
        #expect(throws: SwivelError(.notSupportedByDevice, .axisNotPresent, axis: .roll)) {
            try h2.send(.setLimits(UserLimits(
                pitch: try UserAxisLimit(lowerRadians: -0.1, upperRadians: 0.1, maximumSpeed: 1),
                roll: try UserAxisLimit(lowerRadians: -0.1, upperRadians: 0.1, maximumSpeed: 1))))
        }
        #expect(h.controller.limits == ControllerHarness.threeAxis)
        #expect(h2.controller.limits == ControllerHarness.continuousYaw)
    }

    @Test func resetLimitsRestoresTheBoard() throws {
        var h = ControllerHarness()
        _ = try h.send(.setLimits(UserLimits(yaw: try UserAxisLimit(lowerRadians: -0.1, upperRadians: 0.1, maximumSpeed: 0.2))))
        #expect(h.controller.limits != ControllerHarness.threeAxis)
        _ = try h.send(.resetLimits)
        #expect(h.controller.limits == ControllerHarness.threeAxis)
    }

    @Test func aSessionResetForgetsLimitsAndBudget() throws {
        var h = ControllerHarness()
        _ = try h.send(.setLimits(UserLimits(yaw: try UserAxisLimit(lowerRadians: -0.1, upperRadians: 0.1, maximumSpeed: 0.2))))
        _ = try h.start(.animate(.yes))
        _ = try h.start(.animate(.no))
        h.controller.resetSession(at: h.now)
        #expect(h.controller.limits == ControllerHarness.threeAxis)
        _ = try h.start(.animate(.yes))
    }
}

@Suite struct NarrowedUnderMotionTests {
    /// Issue 10: narrowing to an end closer than the braking distance stopped
    /// the axis dead on it (≈ 120 rad/s²). It brakes at the cap instead,
    /// overshoots, and returns at the new capped speed.
    @Test func anAxisThatCannotStopInsideItsNewRangeOvershootsAndReturns() throws {
        var h = ControllerHarness()
        _ = try h.send(.setAngularVelocity(Vector3(yaw: 3)))
        h.run(seconds: 0.6)
        let end = h.positions.yaw + 0.1
        _ = try h.send(.setLimits(UserLimits(yaw: try UserAxisLimit(lowerRadians: -1, upperRadians: end, maximumSpeed: 0.5))))
        h.run(seconds: 2)
        #expect(abs(h.positions.yaw - end) < 1e-12)
        #expect(h.controller.state.yaw.velocity == 0)
        let farthest = h.history.map(\.yaw.position).max() ?? 0
        #expect(farthest > end + 0.27 && farthest < end + 0.28)
        // Acceleration held throughout; speed only above 0.5 while braking to it.
        let accelerationOrSpeed = h.violations(of: ControllerHarness.threeAxis).filter { !$0.contains("position") }
        #expect(accelerationOrSpeed.isEmpty)
        #expect(h.history.allSatisfy { $0.yaw.position <= 2.8 })
    }
}
