import SwivelCore
import SwivelHardware
import SwivelStandHarness
import Testing
@testable import SwivelLoop
@testable import SwivelSimBackend
@testable import SwivelStand

/// The two command sequences of issue 10 that broke the acceleration cap,
/// replayed on the simulated stand and measured at the mock chip's STEP/DIR
/// outputs, the servo's PWM and the encoders (`StandBoundaryMonitor`).
@Suite struct CapsAtTheOutputsTests {
    /// A reversal of a running move: yaw at +2.4 rad/s, still accelerating
    /// at the cap, is sent to a target behind it. It must brake at the cap,
    /// turn and arrive, when its receipt says.
    @Test func aReversalBrakesAtTheCapTurnsAndArrives() throws {
        let stand = StandBoundaryMonitor(try VirtualStand(board: BoardFixtures.load("sim.json5")))
        _ = try stand.send(.setAngularVelocity(Vector3(yaw: 3)))
        stand.run(seconds: 0.199)
        #expect(abs(stand.status.commanded.yaw.velocity - 2.4) < 1e-9)
        guard case .started(let receipt) = try stand.send(
            .setOrientation(.angles(Vector3(yaw: -1)), durationSeconds: 0, relative: false))
        else { Issue.record("no receipt"); return }
        // Brake 0.2 s from 2.4 rad/s, then 1.49 rad from rest: about 1.2 s in all.
        #expect(receipt.plannedDurationSeconds.isFinite)
        #expect(receipt.plannedDurationSeconds < 2)
        let started = stand.time
        #expect(stand.run(until: { $0.lastRequest?.isFinished == true }, timeoutSeconds: 3))
        #expect(abs(stand.time - started - receipt.plannedDurationSeconds) <= 2 * stand.tickSeconds)
        stand.run(seconds: 0.3)
        #expect(abs(stand.status.measured.yaw + 1) < StandCommandTests.encoderTolerance)
        #expect(stand.violations.isEmpty, "\(stand.report)")
        #expect(stand.peakAcceleration(.yaw).outputs <= 12)
    }

    /// `setLimits` narrowing yaw to an end closer than its braking distance:
    /// it brakes at the cap, overshoots the new end, and comes back inside at
    /// the new capped speed; the board's range is never crossed.
    @Test func aNarrowedRangeIsOvershotAtTheCapAndRegained() throws {
        let stand = StandBoundaryMonitor(try VirtualStand(board: BoardFixtures.load("sim.json5")))
        _ = try stand.send(.setAngularVelocity(Vector3(yaw: 3)))
        stand.run(seconds: 0.6)
        let at = stand.status.commanded.yaw
        #expect(at.velocity == 3)
        // 3 rad/s brakes over 3²/(2·12) = 0.375 rad; the new end is 0.1 rad ahead.
        let end = at.position + 0.1
        _ = try stand.send(.setLimits(UserLimits(
            yaw: try UserAxisLimit(lowerRadians: -1, upperRadians: end, maximumSpeed: 0.5))))
        var farthest = -Double.infinity
        #expect(stand.run(until: { status in
            farthest = max(farthest, status.commanded.yaw.position)
            return status.commanded.yaw.velocity == 0 && abs(status.commanded.yaw.position - end) < 1e-12
        }, timeoutSeconds: 3))
        // Overshot by what braking at the cap takes (0.375 − 0.1 rad, a tick's rounding aside)...
        #expect(farthest > end + 0.25)
        #expect(farthest < end + 0.375 - 0.1 + 0.01)
        // ... and back on the end, through the encoder too.
        stand.run(seconds: 0.3)
        #expect(abs(stand.status.measured.yaw - end) < StandCommandTests.encoderTolerance)
        #expect(stand.violations.isEmpty, "\(stand.report)")
        #expect(stand.peakAcceleration(.yaw).outputs <= 12)
    }

    /// An app range narrowed behind an axis already braking for the board's
    /// end at full speed: the app range gives way, the hardware range does not
    /// (the axis is always within braking distance of it).
    @Test func theHardwareRangeHoldsWhenAnAppRangeCannot() throws {
        let stand = StandBoundaryMonitor(try VirtualStand(board: BoardFixtures.load("sim.json5")))
        _ = try stand.send(.setAngularVelocity(Vector3(yaw: 3)))
        // At 3 rad/s yaw starts braking for 2.8 at 2.8 − 3²/(2·12) = 2.425.
        #expect(stand.run(until: { $0.commanded.yaw.position > 2.42 }, timeoutSeconds: 2))
        _ = try stand.send(.setLimits(UserLimits(
            yaw: try UserAxisLimit(lowerRadians: -1, upperRadians: 2, maximumSpeed: 1))))
        var farthest = -Double.infinity
        #expect(stand.run(until: { status in
            farthest = max(farthest, status.commanded.yaw.position)
            return status.commanded.yaw.velocity == 0 && abs(status.commanded.yaw.position - 2) < 1e-12
        }, timeoutSeconds: 3))
        #expect(farthest > 2.75)
        #expect(farthest <= 2.8)
        #expect(stand.violations.isEmpty, "\(stand.report)")
    }
}
