import SwivelTestSupport
import Testing
@testable import SwivelCore

@Suite struct AnimationTests {
    @Test(arguments: AnimationName.allCases)
    func startsFromTheCurrentPositionAndStaysInsideTheLimits(_ name: AnimationName) throws {
        var h = ControllerHarness(at: PerAxis(pitch: 0.1, yaw: -0.4, roll: 0.05))
        let receipt = try h.start(.animate(name))
        h.tick()
        // The first tick moves at most one tick's worth of acceleration from the start.
        #expect(abs(h.positions.yaw + 0.4) < 1e-4)
        #expect(abs(h.positions.pitch - 0.1) < 1e-4)
        let finishedAfter = h.runUntilDone(receipt.requestID)
        let took = try #require(finishedAfter)
        #expect(abs(took + h.dt - receipt.plannedDurationSeconds) < 0.05)
        #expect(h.controller.progress(of: receipt.requestID)?.isFinished == true)
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
        #expect(abs(h.positions.yaw - receipt.target.yaw) < 1e-9)
    }

    @Test func yesNodsOnPitchAndNoShakesOnYaw() throws {
        var yes = ControllerHarness()
        _ = try yes.runUntilDone(yes.start(.animate(.yes)).requestID)
        #expect(yes.history.map { abs($0.yaw.position) }.max()! < 1e-12)
        #expect(yes.history.map(\.pitch.position).max()! > 0.15)
        #expect(abs(yes.positions.pitch) < 1e-9) // ends where it started

        var no = ControllerHarness()
        _ = try no.runUntilDone(no.start(.animate(.no)).requestID)
        #expect(no.history.map { abs($0.pitch.position) }.max()! < 1e-12)
        #expect(no.history.map(\.yaw.position).max()! > 0.2)
        #expect(no.history.map(\.yaw.position).min()! < -0.2)
    }

    @Test func wakeupRisesTowardTheCentre() throws {
        // Slumped: tilted down (+pitch) and turned away.
        var h = ControllerHarness(at: PerAxis(pitch: 0.6, yaw: 1.5, roll: 0))
        let receipt = try h.start(.animate(.wakeup))
        #expect(receipt.target == Vector3(pitch: 0, yaw: 0, roll: 0))
        _ = h.runUntilDone(receipt.requestID)
        #expect(h.history.map(\.pitch.position).min()! < -0.1) // it looked up on the way
        #expect(abs(h.positions.pitch) < 1e-9)
        #expect(abs(h.positions.yaw) < 1e-9)
    }

    @Test func kapowSnapsBackWithADampedOscillation() throws {
        var h = ControllerHarness()
        _ = try h.runUntilDone(h.start(.animate(.kapow)).requestID)
        let pitch = h.history.map(\.pitch.position)
        // Count the swings: sign changes of the pitch velocity.
        var turns = 0
        for i in 2..<pitch.count where (pitch[i] - pitch[i - 1]) * (pitch[i - 1] - pitch[i - 2]) < 0 { turns += 1 }
        #expect(turns >= 4)
        #expect(pitch.min()! < -0.25)
        #expect(abs(pitch.last!) < 1e-9)
    }

    @Test func scaledDownNearALimit() throws {
        // Pitch at 0.65 of a 0.7 range: a 0.20 rad nod down cannot fit at full size.
        var h = ControllerHarness(at: PerAxis(pitch: 0.65, yaw: 0, roll: 0))
        let receipt = try h.start(.animate(.yes))
        #expect(receipt.clampedAxes == [.pitch])
        _ = h.runUntilDone(receipt.requestID)
        #expect(h.history.map(\.pitch.position).max()! <= 0.7)
        #expect(h.history.map(\.pitch.position).max()! > 0.69)
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
    }

    @Test func stretchedInTimeWhenTheCapsAreLow() throws {
        let slow = PerAxis<AxisLimits?>(
            pitch: ControllerHarness.limits(-0.7, 0.7, speed: 0.3, accel: 2),
            yaw: ControllerHarness.limits(-2.8, 2.8, speed: 0.3, accel: 2),
            roll: nil)
        var h = ControllerHarness(slow)
        let receipt = try h.start(.animate(.no))
        #expect(receipt.plannedDurationSeconds > 1.45 * 2)
        _ = h.runUntilDone(receipt.requestID)
        #expect(h.violations(of: slow).isEmpty)
        #expect(h.history.map(\.yaw.position).max()! > 0.2) // full gesture, just slower
    }

    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func randomStartsNeverBreakALimit(_ seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        for name in AnimationName.allCases {
            let start = PerAxis(
                pitch: Double.random(in: -0.7...0.7, using: &rng),
                yaw: Double.random(in: -2.8...2.8, using: &rng),
                roll: Double.random(in: -0.5...0.5, using: &rng))
            var h = ControllerHarness(at: start)
            _ = try h.runUntilDone(h.start(.animate(name)).requestID)
            #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
        }
    }
}

@Suite struct DemoScriptTests {
    @Test func playsEveryPhaseWithinTheLimits() {
        var h = ControllerHarness()
        var demo = DemoScript()
        var phases: [DemoScript.Phase] = []
        while demo.cycles < 1, h.now < 60 {
            if let phase = demo.advance(at: h.now, controller: &h.controller) { phases.append(phase) }
            h.tick()
        }
        #expect(demo.cycles == 1)
        #expect(Array(phases.prefix(7)) == [.slump, .wakeup, .timedMove, .sweepUp(.yaw), .sweepDown(.yaw), .home, .pause])
        #expect(h.history.map(\.yaw.position).max()! == 2.8)
        #expect(h.history.map(\.yaw.position).min()! == -2.8)
        #expect(h.violations(of: ControllerHarness.threeAxis).isEmpty)
    }

    @Test func sweepsPitchWhenYawIsContinuous() {
        var h = ControllerHarness(ControllerHarness.continuousYaw)
        var demo = DemoScript()
        var phases: [DemoScript.Phase] = []
        while demo.cycles < 1, h.now < 60 {
            if let phase = demo.advance(at: h.now, controller: &h.controller) { phases.append(phase) }
            h.tick()
        }
        #expect(phases.contains(.sweepUp(.pitch)))
        #expect(abs(h.history.map(\.pitch.position).max()! - 0.7) < 1e-12)
    }
}
