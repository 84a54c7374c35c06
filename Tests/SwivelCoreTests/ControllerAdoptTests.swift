import SwivelTestSupport
import Testing
@testable import SwivelCore

/// `adopt(restingPositions:of:)`: a still stand takes up where its released
/// axes were turned to; anything that moves refuses it and keeps its state.
@Suite struct ControllerAdoptTests {
    static let turned = PerAxis<Double>(pitch: -0.1, yaw: 0.25, roll: 0.3)

    @Test func aStillStandHoldsTheAdoptedAxesWhereMeasured() throws {
        var h = ControllerHarness()
        h.run(seconds: 0.1)
        let adopted1 = h.controller.adopt(restingPositions: Self.turned, of: [.yaw, .pitch])
        #expect(adopted1)
        #expect(h.positions == PerAxis(pitch: -0.1, yaw: 0.25, roll: 0))
        // Held there: a tick at rest moves nothing.
        h.tick()
        #expect(h.controller.state.yaw == Limiter.State(position: 0.25))
        #expect(h.controller.isAtRest)
        // A move starts from there (absolute angles: pitch back to 0 too).
        let receipt = try h.start(.setOrientation(.angles(Vector3(yaw: 0.5)), durationSeconds: 0.5, relative: false))
        #expect(h.runUntilDone(receipt.requestID) != nil)
        #expect(abs(h.positions.yaw - 0.5) < 1e-9)
        #expect(abs(h.positions.pitch) < 1e-9)
    }

    @Test func trackingThatHoldsStillKeepsItsSubject() throws {
        var h = ControllerHarness()
        h.run(seconds: 0.1)
        _ = try h.send(.trackTarget(TrackingTarget(capturedAt: 0, yawCorrection: 0, pitchCorrection: 0)))
        h.tick()
        #expect(h.controller.activeMotion == .tracking)
        let adopted2 = h.controller.adopt(restingPositions: Self.turned, of: [.yaw])
        #expect(adopted2)
        #expect(h.controller.activeMotion == .tracking)
        #expect(h.positions.yaw == 0.25)
    }

    @Test func anythingThatMovesRefusesIt() throws {
        var h = ControllerHarness()
        _ = try h.send(.setAngularVelocity(Vector3(yaw: 1)))
        h.run(seconds: 0.2)
        let before = h.controller.state
        let adopted3 = h.controller.adopt(restingPositions: Self.turned, of: [.yaw])
        #expect(!adopted3)
        #expect(h.controller.state == before)
        // Braking to rest: still moving.
        _ = try h.send(.stop)
        h.tick()
        let adopted4 = h.controller.adopt(restingPositions: Self.turned, of: [.yaw])
        #expect(!adopted4)
        // A move under way.
        h.run(seconds: 1)
        _ = try h.start(.setOrientation(.angles(Vector3(yaw: 0)), durationSeconds: 1, relative: false))
        let adopted5 = h.controller.adopt(restingPositions: Self.turned, of: [.yaw])
        #expect(!adopted5)
        // A position that is not a number changes nothing.
        var g = ControllerHarness()
        let adopted6 = g.controller.adopt(restingPositions: PerAxis(pitch: 0, yaw: .nan, roll: 0), of: [.yaw])
        #expect(!adopted6)
        #expect(g.positions == PerAxis(repeating: 0))
    }
}
