import SwivelTestSupport
import Testing
@testable import SwivelCore

/// `awaitsOutputConfirmation`: the stand's controller reports an arrival
/// `running` at fraction 1 until the motors have written its output
/// (`confirmOutput`), and a fault meanwhile ends it `failed`.
@Suite struct ControllerOutputConfirmationTests {
    func harness() -> ControllerHarness {
        var h = ControllerHarness()
        h.controller.awaitsOutputConfirmation = true
        return h
    }

    /// Ticks until the commanded state has arrived (the source is released).
    func runToArrival(_ h: inout ControllerHarness, _ id: UInt32) {
        for _ in 0..<10_000 where h.controller.arrivalAwaitingOutput?.requestID != id { h.tick() }
    }

    @Test func anArrivalIsRunningAtItsEndUntilConfirmed() throws {
        var h = harness()
        let move = try h.start(.setOrientation(.angles(Vector3(yaw: 0.2)), durationSeconds: 0.3, relative: false))
        runToArrival(&h, move.requestID)
        #expect(h.controller.activeMotion == .velocity(.zero))
        let waiting = try #require(h.controller.progress(of: move.requestID))
        #expect(waiting.state == .running && waiting.fractionCompleted == 1)
        h.run(seconds: 0.1)
        #expect(h.controller.progress(of: move.requestID)?.state == .running)
        h.controller.confirmOutput()
        #expect(h.controller.progress(of: move.requestID)?.state == .finished)
        #expect(h.controller.arrivalAwaitingOutput == nil)
    }

    @Test func aFaultBeforeTheConfirmationFailsTheArrival() throws {
        var h = harness()
        let animation = try h.start(.animate(.yes))
        runToArrival(&h, animation.requestID)
        h.controller.fail(at: h.now)
        #expect(h.controller.progress(of: animation.requestID)?.state == .failed)
        h.controller.confirmOutput()
        #expect(h.controller.progress(of: animation.requestID)?.state == .failed)
    }

    @Test func aNewCommandLeavesTheWaitingArrivalToItsConfirmation() throws {
        var h = harness()
        let first = try h.start(.setOrientation(.angles(Vector3(yaw: 0.2)), durationSeconds: 0.3, relative: false))
        runToArrival(&h, first.requestID)
        // Neither a stop nor a cancel of it undoes a move whose steps are out.
        _ = try h.send(.stop)
        _ = try h.send(.cancel(requestID: first.requestID))
        #expect(h.controller.progress(of: first.requestID)?.state == .running)
        // A second arrival while the first still waits: the first's output
        // was handed over before, so it counts as written.
        let second = try h.start(.setOrientation(.angles(Vector3(yaw: 0)), durationSeconds: 0.3, relative: false))
        #expect(h.controller.progress(of: first.requestID)?.state == .running)
        runToArrival(&h, second.requestID)
        #expect(h.controller.progress(of: first.requestID)?.state == .finished)
        #expect(h.controller.progress(of: second.requestID)?.state == .running)
    }

    @Test func withoutTheOptionAnArrivalIsFinishedAtOnce() throws {
        var h = ControllerHarness()
        let move = try h.start(.setOrientation(.angles(Vector3(yaw: 0.2)), durationSeconds: 0.3, relative: false))
        for _ in 0..<10_000 where h.controller.activeMotion != .velocity(.zero) { h.tick() }
        #expect(h.controller.progress(of: move.requestID)?.state == .finished)
        #expect(h.controller.arrivalAwaitingOutput == nil)
    }
}
