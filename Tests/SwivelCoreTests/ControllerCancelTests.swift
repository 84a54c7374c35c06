import SwivelTestSupport
import Testing
@testable import SwivelCore

@Suite struct CancelAndSessionResetTests {
    @Test func cancelStopsOnlyTheNamedRequest() throws {
        var h = ControllerHarness()
        let move = try h.start(.setOrientation(.angles(Vector3(yaw: 2)), durationSeconds: 2, relative: false))
        h.run(seconds: 0.5)
        // A stale id changes nothing.
        _ = try h.send(.cancel(requestID: move.requestID &+ 7))
        #expect(h.controller.activeMotion == .orientation(requestID: move.requestID))
        _ = try h.send(.cancel(requestID: move.requestID))
        #expect(h.controller.progress(of: move.requestID)?.state == .cancelled)
        #expect(h.controller.activeMotion == .velocity(.zero))
        h.run(seconds: 1)
        #expect(h.controller.isAtRest)
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
    }

    @Test func cancellingAFinishedRequestLeavesItFinished() throws {
        var h = ControllerHarness()
        let move = try h.start(.setOrientation(.angles(Vector3(yaw: 0.2)), durationSeconds: 0.3, relative: false))
        _ = h.runUntilDone(move.requestID)
        _ = try h.send(.cancel(requestID: move.requestID))
        #expect(h.controller.progress(of: move.requestID)?.state == .finished)
    }

    @Test func resetSessionRestoresLimitsAndTheRateBudget() throws {
        var h = ControllerHarness()
        _ = try h.send(.setLimits(UserLimits(yaw: try UserAxisLimit(lowerRadians: -0.1, upperRadians: 0.1, maximumSpeed: 0.5))))
        _ = try h.start(.animate(.no))
        _ = try h.start(.animate(.yes))
        #expect(throws: SwivelError.self) { try h.send(.animate(.no)) }
        _ = try h.send(.resetSession)
        #expect(h.controller.limits == ControllerHarness.threeAxis)
        #expect(h.controller.activeMotion == .velocity(.zero))
        _ = try h.start(.animate(.no))
    }
}
