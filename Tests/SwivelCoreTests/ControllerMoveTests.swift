import SwivelTestSupport
import Testing
@testable import SwivelCore

@Suite struct SetOrientationTests {
    @Test func arrivesAtTheRequestedDuration() throws {
        var h = ControllerHarness()
        let receipt = try h.start(.setOrientation(.angles(Vector3(pitch: 0.3, yaw: -1, roll: 0.2)), durationSeconds: 2, relative: false))
        #expect(receipt.plannedDurationSeconds == 2)
        #expect(receipt.clampedAxes.isEmpty)
        var fractions: [Double] = []
        while h.controller.progress(of: receipt.requestID)?.state == .running {
            h.tick()
            fractions.append(h.controller.progress(of: receipt.requestID)!.fractionCompleted)
        }
        #expect(abs(h.now - 2) <= 2 * h.dt)
        #expect(h.controller.progress(of: receipt.requestID)?.isFinished == true)
        #expect(fractions == fractions.sorted())
        #expect(fractions.last == 1)
        #expect(abs(h.positions.pitch - 0.3) < 1e-9)
        #expect(abs(h.positions.yaw + 1) < 1e-9)
        #expect(abs(h.positions.roll - 0.2) < 1e-9)
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
        #expect(h.controller.isAtRest)
    }

    @Test func slowerThanRequestedWhenTheCapsSaySo() throws {
        var h = ControllerHarness()
        let receipt = try h.start(.setOrientation(.angles(Vector3(yaw: 2.5)), durationSeconds: 0.2, relative: false))
        #expect(abs(receipt.plannedDurationSeconds - 1.875 * 2.5 / 3) < 1e-9)
        let finishedAfter = h.runUntilDone(receipt.requestID)
        let took = try #require(finishedAfter)
        #expect(abs(took - receipt.plannedDurationSeconds) <= 2 * h.dt)
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
    }

    @Test func clampsAnOutOfRangeTargetAndSaysSo() throws {
        var h = ControllerHarness()
        let receipt = try h.start(.setOrientation(.angles(Vector3(pitch: 2, yaw: 0.4)), durationSeconds: 1, relative: false))
        #expect(receipt.clampedAxes == [.pitch])
        #expect(receipt.target.pitch == 0.7)
        _ = h.runUntilDone(receipt.requestID)
        #expect(abs(h.positions.pitch - 0.7) < 1e-9)
        #expect(abs(h.positions.yaw - 0.4) < 1e-9)
    }

    @Test func relativeMovesStartFromTheMeasuredPosition() throws {
        var h = ControllerHarness()
        // The encoders say yaw is at 0.1 though the commanded position is 0 (a microstep of slip).
        var measured = h.positions
        measured.yaw = 0.1
        let receipt = try h.start(.setOrientation(.angles(Vector3(yaw: 0.5)), durationSeconds: 1, relative: true), measured: measured)
        #expect(abs(receipt.target.yaw - 0.6) < 1e-12)
        _ = h.runUntilDone(receipt.requestID)
        #expect(abs(h.positions.yaw - 0.6) < 1e-9)
    }

    @Test func quaternionAndVectorTargetsAgree() throws {
        let angles = Vector3(pitch: 0.25, yaw: -0.8, roll: 0.1)
        var a = ControllerHarness(), b = ControllerHarness()
        let ra = try a.start(.setOrientation(.angles(angles), durationSeconds: 1, relative: false))
        let rb = try b.start(.setOrientation(.quaternion(Quaternion(pitchYawRoll: angles)), durationSeconds: 1, relative: false))
        #expect(abs(ra.target.pitch - rb.target.pitch) < 1e-12)
        #expect(abs(ra.target.yaw - rb.target.yaw) < 1e-12)
        #expect(abs(ra.target.roll - rb.target.roll) < 1e-12)
    }

    @Test func relativeQuaternionComposesInTheStandFrame() throws {
        var h = ControllerHarness(at: PerAxis(pitch: 0, yaw: 0.5, roll: 0))
        let receipt = try h.start(.setOrientation(
            .quaternion(Quaternion(rotating: 0.2, about: .yaw)), durationSeconds: 1, relative: true))
        #expect(abs(receipt.target.yaw - 0.7) < 1e-12)
        #expect(abs(receipt.target.pitch) < 1e-12)
    }

    @Test func continuousYawTakesTheShortestPath() throws {
        var h = ControllerHarness(ControllerHarness.continuousYaw, at: PerAxis(pitch: 0, yaw: 3.0, roll: 0))
        let receipt = try h.start(.setOrientation(.angles(Vector3(yaw: -3.0)), durationSeconds: 1, relative: false))
        _ = h.runUntilDone(receipt.requestID)
        // −3.0 is reached by turning +0.283 rad through ±π, not −6 rad back.
        #expect(abs(h.positions.yaw - (2 * Double.pi - 3.0)) < 1e-9)
        #expect(abs(receipt.target.yaw + 3.0) < 1e-9) // reported wrapped
        let travelled = h.history.map { abs($0.yaw.position - 3.0) }.max()!
        #expect(travelled < 0.3)
    }

    @Test func durationZeroIsAsFastAsTheCapsAllow() throws {
        var h = ControllerHarness()
        let receipt = try h.start(.setOrientation(.angles(Vector3(pitch: 0.5)), durationSeconds: 0, relative: false))
        #expect(abs(receipt.plannedDurationSeconds - (5.773_502_691_896_258 * 0.5 / 10).squareRoot()) < 1e-9)
    }

    @Test func badInputIsRejectedAndChangesNothing() throws {
        var h = ControllerHarness()
        let bad: [(MotionCommand, SwivelError.Code)] = [
            (.setOrientation(.angles(Vector3(pitch: .nan)), durationSeconds: 1, relative: false), .invalidParameter),
            (.setOrientation(.angles(Vector3(yaw: 0.1)), durationSeconds: -1, relative: false), .invalidParameter),
            (.setOrientation(.angles(Vector3(yaw: 0.1)), durationSeconds: .infinity, relative: false), .invalidParameter),
            (.setOrientation(.quaternion(Quaternion(w: 0, x: 0, y: 0, z: 0)), durationSeconds: 1, relative: false), .invalidParameter),
            (.setAngularVelocity(Vector3(yaw: .infinity)), .invalidParameter),
        ]
        for (command, code) in bad {
            #expect(throws: SwivelError.self) { try h.send(command) }
            do { _ = try h.send(command) } catch { #expect(error.code == code) }
        }
        h.run(seconds: 0.1)
        #expect(h.positions == PerAxis(repeating: 0))
        // None of them spent rate budget: two real moves still go through.
        _ = try h.start(.setOrientation(.angles(Vector3(yaw: 0.1)), durationSeconds: 1, relative: false))
        _ = try h.start(.setOrientation(.angles(Vector3(yaw: 0.2)), durationSeconds: 1, relative: false))
    }

    @Test func motionOnAMissingAxisIsNotSupportedByDevice() {
        var h = ControllerHarness(ControllerHarness.continuousYaw)
        #expect(throws: SwivelError(.notSupportedByDevice, .axisNotPresent, axis: .roll, value: 0.1)) {
            try h.send(.setAngularVelocity(Vector3(roll: 0.1)))
        }
        #expect(throws: SwivelError(.notSupportedByDevice, .axisNotPresent, axis: .roll, value: 0.2)) {
            try h.send(.setOrientation(.angles(Vector3(roll: 0.2)), durationSeconds: 1, relative: false))
        }
        #expect(throws: SwivelError.self) {
            try h.send(.setOrientation(.quaternion(Quaternion(rotating: 0.3, about: .roll)), durationSeconds: 1, relative: false))
        }
    }
}

@Suite struct VelocityModeTests {
    @Test func clampsToTheSpeedCapAndRampsAtTheAccelerationCap() throws {
        var h = ControllerHarness()
        _ = try h.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 10, roll: 0)))
        h.tick()
        #expect(abs(h.controller.state.yaw.velocity - 12 * h.dt) < 1e-12)
        h.run(seconds: 0.3)
        #expect(h.controller.state.yaw.velocity == 3)
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
    }

    @Test func zeroVectorStops() throws {
        var h = ControllerHarness()
        _ = try h.send(.setAngularVelocity(Vector3(yaw: 1)))
        h.run(seconds: 0.5)
        _ = try h.send(.setAngularVelocity(.zero))
        h.run(seconds: 0.2)
        #expect(h.controller.state.yaw.velocity == 0)
        #expect(h.controller.isAtRest)
    }

    @Test func brakesToStopExactlyAtEachLimit() throws {
        var h = ControllerHarness()
        _ = try h.send(.setAngularVelocity(Vector3(pitch: -2, yaw: 3, roll: 4)))
        h.run(seconds: 4)
        #expect(abs(h.positions.yaw - 2.8) < 1e-12)
        #expect(abs(h.positions.pitch + 0.7) < 1e-12)
        #expect(abs(h.positions.roll - 0.5) < 1e-12)
        #expect(h.controller.state.yaw.velocity == 0)
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
    }
}

@Suite struct CancellationTests {
    @Test func aNewerMoveCancelsTheRunningOne() throws {
        var h = ControllerHarness()
        let first = try h.start(.setOrientation(.angles(Vector3(yaw: 1)), durationSeconds: 2, relative: false))
        h.run(seconds: 0.5)
        let second = try h.start(.setOrientation(.angles(Vector3(yaw: -1)), durationSeconds: 2, relative: false))
        let cancelled = try #require(h.controller.progress(of: first.requestID))
        #expect(cancelled.isCancelled)
        #expect(cancelled.fractionCompleted > 0.2 && cancelled.fractionCompleted < 0.3)
        _ = h.runUntilDone(second.requestID)
        #expect(h.controller.progress(of: second.requestID)?.isFinished == true)
        #expect(h.controller.progress(of: first.requestID)?.isCancelled == true)
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
    }

    @Test func velocityCancelsAnAnimation() throws {
        var h = ControllerHarness()
        let animation = try h.start(.animate(.no))
        h.run(seconds: 0.3)
        _ = try h.send(.setAngularVelocity(Vector3(pitch: 0.2)))
        #expect(h.controller.progress(of: animation.requestID)?.isCancelled == true)
        #expect(h.controller.activeMotion == .velocity(Vector3(pitch: 0.2)))
    }

    @Test func stopCancelsAndComesToRest() throws {
        var h = ControllerHarness()
        let move = try h.start(.setOrientation(.angles(Vector3(yaw: 2)), durationSeconds: 1, relative: false))
        h.run(seconds: 0.5)
        _ = try h.send(.stop)
        #expect(h.controller.progress(of: move.requestID)?.isCancelled == true)
        h.run(seconds: 1)
        #expect(h.controller.isAtRest)
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
    }

    @Test func animationCancelsAMove() throws {
        var h = ControllerHarness()
        let move = try h.start(.setOrientation(.angles(Vector3(yaw: 2)), durationSeconds: 3, relative: false))
        h.run(seconds: 1.1)
        let animation = try h.start(.animate(.yes))
        #expect(h.controller.progress(of: move.requestID)?.isCancelled == true)
        _ = h.runUntilDone(animation.requestID)
        #expect(h.controller.progress(of: animation.requestID)?.isFinished == true)
    }
}

/// Issue 10: a move that reverses one under way.
@Suite struct ReversalTests {
    @Test func aReversalBrakesAtTheCapTurnsAndArrivesWhenItSays() throws {
        var h = ControllerHarness()
        _ = try h.send(.setAngularVelocity(Vector3(yaw: 3)))
        h.run(seconds: 0.2)
        #expect(abs(h.controller.state.yaw.velocity - 2.4) < 1e-9)
        let receipt = try h.start(.setOrientation(.angles(Vector3(yaw: -1)), durationSeconds: 0, relative: false))
        #expect(receipt.plannedDurationSeconds.isFinite)
        #expect(receipt.plannedDurationSeconds < 1.5)
        let done = h.runUntilDone(receipt.requestID, limit: 5)
        let took = try #require(done)
        #expect(h.controller.progress(of: receipt.requestID)?.isFinished == true)
        #expect(abs(took - receipt.plannedDurationSeconds) <= 2 * h.dt)
        #expect(abs(h.positions.yaw + 1) < 1e-9)
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
        // It braked: the lowest velocity before turning is reached at the cap.
        let accelerations = zip(h.history, h.history.dropFirst()).map { ($1.yaw.velocity - $0.yaw.velocity) / h.dt }
        #expect(accelerations.contains { abs($0 + 12) < 1e-6 })
    }
}
