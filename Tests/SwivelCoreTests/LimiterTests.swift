import SwivelTestSupport
import Testing
@testable import SwivelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private func limits(_ lower: Double?, _ upper: Double?, speed: Double, accel: Double) -> AxisLimits {
    let range = lower.flatMap { lower in upper.flatMap { try? PositionRange(lowerRadians: lower, upperRadians: $0) } }
    return try! AxisLimits(positionRange: range, maximumSpeed: speed, maximumAcceleration: accel)
}

/// Checks one tick against every limit, as LinuxCNC's tests/limit3/constraints does.
private func checkConstraints(
    _ before: Limiter.State, _ after: Limiter.State, _ limit: AxisLimits, dt: Double,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    // Velocities are differences of positions near 1 rad: rounding alone leaves
    // ~1e-13 rad/s, i.e. ~1e-10 rad/s² at dt = 1 ms; allow a relative 1e-6.
    let eps = 1e-6
    if let range = limit.positionRange {
        #expect(after.position >= range.lowerRadians - 1e-12, "below range: \(after.position)", sourceLocation: sourceLocation)
        #expect(after.position <= range.upperRadians + 1e-12, "above range: \(after.position)", sourceLocation: sourceLocation)
    }
    #expect(abs(after.velocity) <= limit.maximumSpeed * (1 + eps), "speed \(after.velocity)", sourceLocation: sourceLocation)
    let accel = abs(after.velocity - before.velocity) / dt
    #expect(accel <= limit.maximumAcceleration * (1 + eps), "acceleration \(accel)", sourceLocation: sourceLocation)
    #expect(abs((after.position - before.position) - after.velocity * dt) < 1e-12, sourceLocation: sourceLocation)
}

@Suite struct LimiterBasicsTests {
    let yaw = limits(-2, 2, speed: 3, accel: 12)

    @Test(arguments: [0.0, -0.001, Double.nan, -Double.infinity, Double.infinity])
    func rejectsNonPositiveTimeSteps(_ dt: Double) {
        #expect(throws: Limiter.Failure.self) {
            try Limiter.step(from: .rest, command: .velocity(1), limits: yaw, dt: dt)
        }
    }

    @Test func rejectsNonFiniteCommands() {
        #expect(throws: Limiter.Failure.nonFiniteInput) {
            try Limiter.step(from: .rest, command: .velocity(.nan), limits: yaw, dt: 0.001)
        }
        #expect(throws: Limiter.Failure.nonFiniteInput) {
            try Limiter.step(from: .rest, command: .position(.infinity, velocity: 0), limits: yaw, dt: 0.001)
        }
    }

    @Test func rampsAtTheAccelerationCapThenHoldsTheSpeedCap() throws {
        var state = Limiter.State.rest
        let dt = 0.001
        for tick in 1...100 {
            state = try Limiter.step(from: state, command: .velocity(10), limits: yaw, dt: dt)
            #expect(abs(state.velocity - 12 * dt * Double(tick)) < 1e-12)
        }
        for _ in 0..<400 { state = try Limiter.step(from: state, command: .velocity(10), limits: yaw, dt: dt) }
        #expect(state.velocity == 3)
    }

    @Test func brakesToStopExactlyAtTheLimit() throws {
        let dt = 0.001
        var state = Limiter.State.rest
        var previous = state
        var highest = -Double.infinity
        for _ in 0..<5000 {
            previous = state
            state = try Limiter.step(from: state, command: .velocity(3), limits: yaw, dt: dt)
            checkConstraints(previous, state, yaw, dt: dt)
            highest = max(highest, state.position)
        }
        #expect(state.velocity == 0)
        #expect(abs(state.position - 2) < 1e-12)
        #expect(highest <= 2)
    }

    @Test func brakingSpeedIsExactForTheDiscreteScheme() {
        // Start at the braking speed for d, then decelerate at the cap each tick: the
        // ticks must add up to d exactly.
        var rng = SeededRandom(seed: 11)
        for _ in 0..<2000 {
            let a = Double.random(in: 0.5...50, using: &rng)
            let dt = [0.0005, 0.001, 0.002][Int.random(in: 0...2, using: &rng)]
            let d = Double.random(in: 0...3, using: &rng)
            var v = Limiter.brakingSpeed(distance: d, maximumAcceleration: a, dt: dt)
            var travelled = 0.0
            while v > 0 {
                travelled += v * dt
                v -= a * dt
            }
            #expect(abs(travelled - d) < 1e-9 * max(1, d))
        }
    }

    @Test func lowerTargetsAreReachedWithoutOvershoot() throws {
        let dt = 0.001
        var state = Limiter.State(position: 1.5)
        var lowest = Double.infinity
        for _ in 0..<3000 {
            state = try Limiter.step(from: state, command: .position(-1, velocity: 0), limits: yaw, dt: dt)
            lowest = min(lowest, state.position)
        }
        #expect(abs(state.position + 1) < 1e-12)
        #expect(state.velocity == 0)
        #expect(lowest >= -1 - 1e-12)
    }

    @Test func reachesAStepTargetInTheTimeOptimalBound() throws {
        // Distance 2 at 3 rad/s, 12 rad/s²: 0.25 s up, 0.417 s cruise, 0.25 s down.
        let dt = 0.001
        var state = Limiter.State(position: -1)
        var ticks = 0
        while abs(state.position - 1) > 1e-12 || state.velocity != 0 {
            state = try Limiter.step(from: state, command: .position(1, velocity: 0), limits: yaw, dt: dt)
            ticks += 1
            #expect(ticks < 2000)
            if ticks >= 2000 { break }
        }
        let optimal = 2.0 / 3 + 3.0 / 12
        #expect(Double(ticks) * dt <= optimal + 0.01)
        #expect(Double(ticks) * dt >= optimal - 0.01)
    }

    @Test func outOfRangeAxisReturnsAtCappedSpeed() throws {
        // The app narrowed the range to [-0.5, 0.5] while the axis sat at 1.5.
        let narrowed = limits(-0.5, 0.5, speed: 0.8, accel: 12)
        let dt = 0.001
        var state = Limiter.State(position: 1.5)
        var previous = state
        var sawCruise = false
        for _ in 0..<4000 {
            previous = state
            state = try Limiter.step(from: state, command: .velocity(0), limits: narrowed, dt: dt)
            #expect(abs(state.velocity) <= 0.8 + 1e-12)
            #expect(abs(state.velocity - previous.velocity) <= 12 * dt + 1e-12)
            if abs(state.velocity + 0.8) < 1e-12 { sawCruise = true }
            #expect(state.position <= previous.position + 1e-15) // only ever heads back in
        }
        #expect(sawCruise)
        #expect(abs(state.position - 0.5) < 1e-12)
        #expect(state.velocity == 0)
    }

    @Test func continuousAxisHasNoPositionLimit() throws {
        let slip = limits(nil, nil, speed: 3, accel: 12)
        var state = Limiter.State.rest
        for _ in 0..<5000 { state = try Limiter.step(from: state, command: .velocity(3), limits: slip, dt: 0.001) }
        #expect(state.position > 12)
    }

    @Test func followsAFeasibleTrajectoryExactly() throws {
        // 0.5 sin(2t): speed ≤ 1, acceleration ≤ 2 — well inside the caps.
        let dt = 0.001
        var state = Limiter.State.rest
        var worst = 0.0
        for tick in 1...4000 {
            let t = Double(tick) * dt
            state = try Limiter.step(
                from: state, command: .position(0.5 * sin(2 * t), velocity: cos(2 * t)), limits: yaw, dt: dt)
            // Starting from rest it must first catch up with a target already moving
            // at 1 rad/s; from then on it is on the trajectory.
            if t > 1 { worst = max(worst, abs(state.position - 0.5 * sin(2 * t))) }
        }
        #expect(worst < 1e-9)
    }
}

/// Property tests in the manner of LinuxCNC's tests/limit3/constraints: drive the
/// limiter with waveforms that ask for far more than the limits allow, and check
/// every tick.
@Suite struct LimiterPropertyTests {
    enum Wave: CaseIterable { case sine, square, triangle, sawtooth }

    static let limitSets: [AxisLimits] = [
        limits(-2, 2, speed: 3, accel: 12),
        limits(-0.7, 0.7, speed: 2, accel: 10),
        limits(-0.05, 0.05, speed: 0.5, accel: 100),
        limits(0.2, 3, speed: 10, accel: 1),
        limits(nil, nil, speed: 3, accel: 12),
    ]

    static func wave(_ wave: Wave, _ t: Double, period: Double, amplitude: Double) -> Double {
        let phase = (t / period).truncatingRemainder(dividingBy: 1)
        switch wave {
        case .sine: return amplitude * sin(2 * Double.pi * phase)
        case .square: return phase < 0.5 ? amplitude : -amplitude
        case .triangle: return amplitude * (phase < 0.5 ? 4 * phase - 1 : 3 - 4 * phase)
        case .sawtooth: return amplitude * (2 * phase - 1)
        }
    }

    @Test(arguments: Wave.allCases)
    func positionWavesNeverBreakALimit(_ shape: Wave) throws {
        for limit in Self.limitSets {
            for dt in [0.0005, 0.001, 0.004] {
                for period in [0.05, 0.7, 3.0] {
                    var state = Limiter.State(position: limit.positionRange?.centreRadians ?? 0)
                    var previous = state
                    var targetBefore = Self.wave(shape, 0, period: period, amplitude: 5)
                    for tick in 1...3000 {
                        let t = Double(tick) * dt
                        let target = Self.wave(shape, t, period: period, amplitude: 5)
                        let targetVelocity = (target - targetBefore) / dt
                        targetBefore = target
                        previous = state
                        state = try Limiter.step(
                            from: state, command: .position(target, velocity: targetVelocity), limits: limit, dt: dt)
                        checkConstraints(previous, state, limit, dt: dt)
                    }
                }
            }
        }
    }

    @Test(arguments: Wave.allCases)
    func velocityWavesNeverBreakALimit(_ shape: Wave) throws {
        for limit in Self.limitSets {
            for dt in [0.0005, 0.001, 0.004] {
                var state = Limiter.State(position: limit.positionRange?.centreRadians ?? 0)
                var previous = state
                for tick in 1...6000 {
                    let command = Self.wave(shape, Double(tick) * dt, period: 2.3, amplitude: 40)
                    previous = state
                    state = try Limiter.step(from: state, command: .velocity(command), limits: limit, dt: dt)
                    checkConstraints(previous, state, limit, dt: dt)
                }
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func seededRandomCommandStreamsNeverBreakALimit(_ seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        for limit in Self.limitSets {
            let dt = [0.0005, 0.001, 0.002][Int.random(in: 0...2, using: &rng)]
            var state = Limiter.State(position: limit.positionRange?.centreRadians ?? 0)
            var previous = state
            var command = Limiter.Command.velocity(0)
            for _ in 0..<20000 {
                // Hold a command for a while, then jump to anything, wildly out of range included.
                if Int.random(in: 0..<40, using: &rng) == 0 {
                    command = Bool.random(using: &rng)
                        ? .velocity(Double.random(in: -50...50, using: &rng))
                        : .position(Double.random(in: -6...6, using: &rng), velocity: Double.random(in: -20...20, using: &rng))
                }
                previous = state
                state = try Limiter.step(from: state, command: command, limits: limit, dt: dt)
                checkConstraints(previous, state, limit, dt: dt)
            }
        }
    }

    @Test func squareWaveReachesEachPlateau() throws {
        // Constraints alone would pass a limiter that never moves: also check it gets there.
        let limit = limits(-2, 2, speed: 3, accel: 12)
        let dt = 0.001
        var state = Limiter.State.rest
        for tick in 1...8000 {
            let t = Double(tick) * dt
            let target = Self.wave(.square, t, period: 4, amplitude: 1)
            state = try Limiter.step(from: state, command: .position(target, velocity: 0), limits: limit, dt: dt)
            // 1.5 s into each 2 s plateau the move (≤ 0.92 s) is long over.
            let phase = t.truncatingRemainder(dividingBy: 2)
            if phase > 1.5 { #expect(abs(state.position - target) < 1e-12) }
        }
    }
}

/// The precedence of issue 10: the acceleration cap over an app range narrowed
/// under a moving axis; the hardware range over everything (and never in
/// conflict with the cap, since the axis is always within braking distance).
@Suite struct LimiterRangePrecedenceTests {
    static let board = limits(-2.8, 2.8, speed: 3, accel: 12)

    @Test func aNarrowedAppRangeIsOvershotAtTheCapNotStoppedDead() throws {
        // At 3 rad/s the axis needs 0.375 rad to stop; the new end is 0.1 rad ahead.
        let app = limits(-1, 0.1, speed: 0.5, accel: 12)
        let hardware = try #require(Self.board.positionRange)
        let dt = 0.001
        var state = Limiter.State(position: 0, velocity: 3)
        var farthest = 0.0
        var ticks = 0
        repeat {
            let before = state
            state = try Limiter.step(from: state, command: .velocity(3), limits: app, hardwareRange: hardware, dt: dt)
            #expect(abs(state.velocity - before.velocity) <= 12 * dt * (1 + 1e-9), "tick \(ticks): \(before) → \(state)")
            #expect(abs(state.velocity) <= max(0.5, abs(before.velocity) - 12 * dt) * (1 + 1e-9))
            farthest = max(farthest, state.position)
            ticks += 1
        } while ticks < 5000 && (state.velocity != 0 || state.position != 0.1)
        // Braked all the way at the cap: 0.375 rad (discretely, a tick's worth more).
        #expect(farthest > 0.37 && farthest < 0.375 + 3 * dt)
        #expect(state.position == 0.1)
        #expect(ticks < 1500) // 0.25 s braking, ~0.55 s back at 0.5 rad/s
    }

    @Test func anAxisOutsideBothRangesHeadsBackInAtTheCaps() throws {
        // Put there by a re-base, moving outward: brake, then come back.
        let app = limits(-1, 1, speed: 0.5, accel: 12)
        let hardware = try #require(Self.board.positionRange)
        var state = Limiter.State(position: 2.9, velocity: 1)
        var farthest = state.position
        for _ in 0..<6000 {
            let before = state
            state = try Limiter.step(from: state, command: .velocity(2), limits: app, hardwareRange: hardware, dt: 0.001)
            #expect(abs(state.velocity - before.velocity) <= 0.012 * (1 + 1e-9))
            farthest = max(farthest, state.position)
        }
        #expect(farthest < 2.9 + 1.0 / 24 + 0.002)
        #expect(state.position == 1)
        #expect(state.velocity == 0)
    }

    /// LinuxCNC limit3-style: random commands, and app ranges moved anywhere
    /// inside the hardware range at random moments, narrowed under the axis
    /// whatever it is doing. Every tick: the hardware range holds (1e-12 rad),
    /// the acceleration cap holds, the speed stays under the cap or falls at
    /// the acceleration cap toward a lowered one, and the app range is left
    /// only by the braking distance at the moment it was set, and regained.
    @Test(arguments: [21, 22, 23, 24, 25, 26] as [UInt64])
    func theHardwareRangeIsNeverCrossedWhateverTheAppRangeDoes(_ seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        for board in [Self.board, limits(-0.7, 0.7, speed: 2, accel: 10), limits(-0.05, 0.05, speed: 0.5, accel: 100)] {
            let hardware = try #require(board.positionRange)
            let dt = [0.0005, 0.001, 0.004][Int.random(in: 0...2, using: &rng)]
            var app = board
            var state = Limiter.State(position: hardware.centreRadians)
            var command = Limiter.Command.velocity(0)
            var allowedExcess = 0.0
            for _ in 0..<20_000 {
                if Int.random(in: 0..<40, using: &rng) == 0 {
                    command = Bool.random(using: &rng)
                        ? .velocity(Double.random(in: -50...50, using: &rng))
                        : .position(Double.random(in: -6...6, using: &rng), velocity: Double.random(in: -20...20, using: &rng))
                }
                if Int.random(in: 0..<150, using: &rng) == 0 {
                    let a = Double.random(in: hardware.lowerRadians...hardware.upperRadians, using: &rng)
                    let b = Double.random(in: hardware.lowerRadians...hardware.upperRadians, using: &rng)
                    guard let range = try? PositionRange(lowerRadians: min(a, b), upperRadians: max(a, b)) else { continue }
                    app = try AxisLimits(
                        positionRange: range, maximumSpeed: board.maximumSpeed * Double.random(in: 0.05...1, using: &rng),
                        maximumAcceleration: board.maximumAcceleration)
                    let v = state.velocity
                    let stop = state.position + (v < 0 ? -1 : 1) * (v * v / (2 * board.maximumAcceleration) + abs(v) * dt)
                    allowedExcess = max(Self.outside(state.position, range), Self.outside(stop, range))
                }
                let before = state
                state = try Limiter.step(from: state, command: command, limits: app, hardwareRange: hardware, dt: dt)
                #expect(hardware.contains(state.position) || Self.outside(state.position, hardware) < 1e-12,
                        "left the hardware range: \(before) → \(state)")
                #expect(abs(state.velocity - before.velocity) <= board.maximumAcceleration * dt * (1 + 1e-6))
                #expect(abs(state.velocity) <= max(app.maximumSpeed, abs(before.velocity) - board.maximumAcceleration * dt) * (1 + 1e-6))
                if let range = app.positionRange {
                    #expect(Self.outside(state.position, range) <= allowedExcess + 1e-12, "app range \(range) left: \(state)")
                    // Once inside and able to stop there, it stays.
                    let v = state.velocity
                    let stop = state.position + (v < 0 ? -1 : 1) * (v * v / (2 * board.maximumAcceleration) + abs(v) * dt)
                    allowedExcess = min(allowedExcess, max(Self.outside(state.position, range), Self.outside(stop, range)))
                }
            }
        }
    }

    static func outside(_ x: Double, _ range: PositionRange) -> Double {
        max(range.lowerRadians - x, x - range.upperRadians, 0)
    }
}
