import SwivelTestSupport
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

/// Planning a move from whatever the axes are doing (issue 10): a quintic
/// stretched from a state with acceleration diverged (a reversal planned for
/// 10¹⁷⁸ s). Every plan must be finite, within the caps and the range, and
/// arrive when it says, followed through the limiter.
@Suite struct TimedMovePlanningTests {
    let limits = ControllerHarness.threeAxis

    @Test func theReversalOfTheIssueBrakesTurnsAndArrives() throws {
        // Yaw at 2.4 rad/s, accelerating at the 12 rad/s² cap; the target is behind it.
        var state = PerAxis(repeating: Limiter.State.rest)
        state.yaw = Limiter.State(position: 0.2412, velocity: 2.4, acceleration: 12)
        let move = TimedMove.plan(
            startTime: 0, from: state, to: PerAxis(pitch: 0, yaw: -1, roll: 0), requestedDuration: 0, limits: limits)
        // Braking 0.2 s over 0.24 rad, then 1.72 rad from rest: √(5.7735·1.72/12) = 0.91 s.
        #expect(abs(move.brakingDuration - 0.2) < 1e-12)
        #expect(move.duration.isFinite)
        #expect(move.duration < 1.2)
        let braking = try #require(move.braking.yaw)
        #expect(abs(braking.endPosition - (0.2412 + 0.24)) < 1e-12)
    }

    @Test func aMoveFromRestStaysOneQuinticAtTheRequestedDuration() {
        let move = TimedMove.plan(
            startTime: 0, from: PerAxis(repeating: .rest), to: PerAxis(pitch: 0.2, yaw: 0.5, roll: 0),
            requestedDuration: 2, limits: limits)
        #expect(move.duration == 2)
        #expect(move.brakingDuration == 0)
    }

    @Test(arguments: [31, 32, 33, 34, 35, 36, 37, 38] as [UInt64])
    func everyPlanIsFiniteWithinTheCapsAndOnTime(_ seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let dt = 0.001
        for _ in 0..<40 {
            // Any state the limiter can produce: inside the range, within the
            // caps, and (for the speed) sometimes above a cap just lowered.
            var caps = limits
            var state = PerAxis(repeating: Limiter.State.rest)
            var target = PerAxis<Double>(repeating: 0)
            for axis in Axis.allCases {
                guard let board = limits[axis], let range = board.positionRange else { continue }
                let a = board.maximumAcceleration
                let p = Double.random(in: range.lowerRadians...range.upperRadians, using: &rng)
                // Only speeds it could still stop from inside the range.
                let room = (p > 0 ? range.upperRadians - p : p - range.lowerRadians)
                var v = Double.random(in: -board.maximumSpeed...board.maximumSpeed, using: &rng)
                v = min(abs(v), (2 * a * max(room, 0)).squareRoot() * 0.95) * (v < 0 ? -1 : 1)
                state[axis] = Limiter.State(position: p, velocity: v, acceleration: Double.random(in: -a...a, using: &rng))
                target[axis] = Double.random(in: range.lowerRadians...range.upperRadians, using: &rng)
                if Bool.random(using: &rng) {
                    caps[axis] = try AxisLimits(
                        positionRange: range, maximumSpeed: board.maximumSpeed * Double.random(in: 0.1...1, using: &rng),
                        maximumAcceleration: a)
                }
            }
            let requested = [0, 0.05, 0.5, 2, 4][Int.random(in: 0...4, using: &rng)]
            let move = TimedMove.plan(
                startTime: 0, from: state, to: target, requestedDuration: requested, limits: caps, tickSeconds: dt)
            #expect(move.duration.isFinite && move.duration >= requested)
            // No later than braking everything and then moving from rest.
            var bound = requested
            var brake = 0.0, rest = 0.0
            for axis in Axis.allCases {
                guard let limit = caps[axis] else { continue }
                let braking = BrakingSegment(
                    from: state[axis].position, velocity: state[axis].velocity,
                    deceleration: limit.maximumAcceleration, tickSeconds: dt)
                brake = max(brake, braking.duration)
                rest = max(rest, TimedMove.restToRestDuration(distance: abs(target[axis] - braking.endPosition), limit: limit))
            }
            bound = max(bound, brake + rest)
            #expect(move.duration <= bound * (1 + 1e-9) + 1e-12)

            // Through the limiter, tick by tick, as the controller runs it.
            var followed = state
            var worstLag = 0.0
            let ticks = Int((move.duration / dt).rounded(.up)) + 3
            for tick in 1...ticks {
                for axis in Axis.allCases {
                    guard let limit = caps[axis], let command = move.command(for: axis, at: Double(tick) * dt) else { continue }
                    let before = followed[axis]
                    followed[axis] = try Limiter.step(from: before, command: command, limits: limit, dt: dt)
                    #expect(abs(followed[axis].velocity - before.velocity) <= limit.maximumAcceleration * dt * (1 + 1e-6))
                    if case .position(let planned, _) = command { worstLag = max(worstLag, abs(planned - followed[axis].position)) }
                }
            }
            // The limiter follows the plan (it only trims the sampling's rounding)...
            #expect(worstLag < 1e-6, "lag \(worstLag) behind plan: braking \(move.brakingDuration) of \(move.duration) s (requested \(requested)) from \(state) to \(target) caps \(caps.map { $1?.maximumSpeed ?? 0 })")
            // ... so the axes are on target at rest when the receipt says.
            for axis in Axis.allCases where caps[axis] != nil {
                #expect(abs(followed[axis].position - target[axis]) < 1e-9)
                #expect(abs(followed[axis].velocity) < 1e-6)
            }
        }
    }
}
