import Testing
@testable import SwivelCore

@Suite struct QuinticSegmentTests {
    @Test func meetsItsBoundaryConditions() {
        let segment = QuinticSegment(from: 0.3, velocity: 1.2, acceleration: -4, to: -0.5, duration: 1.7)
        #expect(abs(segment.position(at: 0) - 0.3) < 1e-12)
        #expect(abs(segment.velocity(at: 0) - 1.2) < 1e-12)
        #expect(abs(segment.acceleration(at: 0) + 4) < 1e-12)
        #expect(abs(segment.position(at: 1.7) + 0.5) < 1e-12)
        #expect(abs(segment.velocity(at: 1.7 - 1e-9)) < 1e-6)
        #expect(abs(segment.acceleration(at: 1.7 - 1e-9)) < 1e-6)
        #expect(segment.position(at: 99) == segment.endPosition)
    }

    @Test func minimumJerkPeaksAreTheTextbookRatios() {
        let segment = QuinticSegment(from: 0, velocity: 0, acceleration: 0, to: 1, duration: 1)
        let peaks = segment.peaks()
        #expect(abs(peaks.speed - 1.875) < 1e-9)
        #expect(abs(peaks.acceleration - 5.773_502_69) < 1e-3)
    }
}

@Suite struct TimedMoveTests {
    let limits = ControllerHarness.threeAxis
    let rest = PerAxis(repeating: Limiter.State.rest)

    @Test func keepsTheRequestedDurationWhenTheCapsAllow() {
        let move = TimedMove.plan(
            startTime: 0, from: rest, to: PerAxis(pitch: 0.2, yaw: 0.5, roll: 0), requestedDuration: 2, limits: limits)
        #expect(move.duration == 2)
    }

    @Test func stretchesToTheFastestTheCapsAllow() {
        // Yaw 5 rad at 3 rad/s needs at least 1.875·5/3 = 3.125 s for this profile.
        let move = TimedMove.plan(
            startTime: 0, from: rest, to: PerAxis(pitch: 0, yaw: 5, roll: 0), requestedDuration: 0.5, limits: limits)
        #expect(abs(move.duration - 3.125) < 1e-9)
        let peaks = move.segments.yaw!.peaks()
        #expect(peaks.speed <= 3 + 1e-9)
        #expect(peaks.acceleration <= 12 + 1e-9)
    }

    @Test func zeroDurationMeansAsFastAsTheCapsAllow() {
        // Yaw 1 rad: the acceleration cap binds (√(5.7735·1/12) = 0.694 s > 1.875·1/3 = 0.625 s).
        let move = TimedMove.plan(
            startTime: 0, from: rest, to: PerAxis(pitch: 0, yaw: 1, roll: 0), requestedDuration: 0, limits: limits)
        #expect(abs(move.duration - (5.773_502_691_896_258 / 12).squareRoot()) < 1e-9)
    }

    @Test func aMoveThatInterruptsMotionStillFitsTheCaps() {
        var moving = rest
        moving.yaw = Limiter.State(position: 0, velocity: 2.9, acceleration: 0)
        let move = TimedMove.plan(
            startTime: 0, from: moving, to: PerAxis(pitch: 0, yaw: -0.2, roll: 0), requestedDuration: 0.1, limits: limits)
        let peaks = move.segments.yaw!.peaks()
        #expect(peaks.speed <= 3 * 1.001)
        #expect(peaks.acceleration <= 12 * 1.001)
        #expect(move.duration > 0.1)
    }
}
