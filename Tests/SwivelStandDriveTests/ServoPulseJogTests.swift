import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelStand
import SwivelSim
import SwivelSimBackend
import SwivelStandHarness
import Testing

/// The servo pulse jog (`MotionCommand.setServoPulse`, docs/RUNTIME.md "Servo
/// pulse jog") on the simulated stands in virtual time: the width reaches the
/// servo's output past the calibration and the angle limits, never past the
/// safe range; only pulse-width servos, only at rest; the next motion
/// command, a stop, a fault or the idle timeout ends it.
@Suite struct ServoPulseJogTests {
    /// One PCA9685 count at 50 Hz: about 4.9 µs.
    static let count: Int64 = 4_880
    static let yawMapping = try! ServoPulseMapping(
        minPulseNanoseconds: 500_000, maxPulseNanoseconds: 2_500_000, angleAtMinPulseRadians: -1.5708, angleAtMaxPulseRadians: 1.5708)

    static func pca9685(idleTimeoutSeconds: Double? = nil) throws -> VirtualStand {
        var board = try BoardFixtures.load("sim-pca9685.json5")
        if let idleTimeoutSeconds { board.idleTimeoutSeconds = idleTimeoutSeconds }
        return try VirtualStand(board: board)
    }

    static func yawPulse(_ sim: VirtualStand) throws -> Int64? {
        PCA9685StandTests.pulse(try PCA9685StandTests.chip(sim), channel: 0)
    }

    @Test func aJogPastTheAngleLimitsReachesTheChipAndTheStatus() throws {
        let sim = try Self.pca9685()
        // Yaw's limits end at -1.4 rad, a 609 µs pulse: 520 µs lies past them, inside the safe range.
        #expect(try sim.send(.setServoPulse(axis: .yaw, pulseMicroseconds: 520)) == .accepted)
        sim.run(seconds: 0.1)
        let pulse = try #require(try Self.yawPulse(sim))
        #expect(abs(pulse - 520_000) <= Self.count, "chip pulse \(pulse)")
        let status = sim.stand.status()
        #expect(status.servoPulseNanoseconds == PerAxis(pitch: 0, yaw: 520_000, roll: 0))
        #expect(status.enabledDriverAxes.contains(.yaw))
        // The motion core holds the axis where the horn is, inside its limits: the next move starts there.
        #expect(status.commanded.yaw.position == -1.4)
        #expect(status.commanded.yaw.velocity == 0)
        #expect(StatusLine.describe(status) == "servo pulse jog yaw 520 µs")
    }

    @Test func aStopEndsTheJogOnTheAngleItHeld() throws {
        let sim = try Self.pca9685()
        _ = try sim.send(.setServoPulse(axis: .yaw, pulseMicroseconds: 520))
        sim.run(seconds: 0.1)
        #expect(try sim.send(.stop) == .accepted)
        sim.run(seconds: 0.1)
        #expect(sim.stand.status().servoPulseNanoseconds == PerAxis(repeating: 0))
        let pulse = try #require(try Self.yawPulse(sim))
        let held = try #require(Self.yawMapping.pulseNanoseconds(forAngle: -1.4))
        #expect(abs(pulse - held) <= Self.count, "back on -1.4 rad: \(pulse) ns, wanted \(held)")
    }

    @Test func theNextMoveEndsTheJogAndRampsFromWhereTheHornIs() throws {
        let sim = try Self.pca9685()
        _ = try sim.send(.setServoPulse(axis: .yaw, pulseMicroseconds: 1000))
        sim.run(seconds: 0.1)
        let jogAngle = Self.yawMapping.angle(forPulseNanoseconds: 1_000_000)
        #expect(abs(sim.stand.status().commanded.yaw.position - jogAngle) < 1e-12)
        _ = try sim.send(.setOrientation(.angles(Vector3(yaw: 0)), durationSeconds: 0, relative: false))
        let status = sim.stand.status()
        #expect(status.servoPulseNanoseconds == PerAxis(repeating: 0))
        // One tick in: within a tick's acceleration of the jog's angle, not a jump to the held angle of before.
        #expect(abs(status.commanded.yaw.position - jogAngle) < 0.001, "\(status.commanded.yaw.position)")
        #expect(sim.run(until: { $0.lastRequest?.isFinished == true }, timeoutSeconds: 3))
    }

    @Test func widthsOutsideWhatTheServoMayBeSentAreRefusedAndChangeNothing() throws {
        let sim = try Self.pca9685()
        for width in [499.0, 2501.0, .nan, -1500, 1.5e6] {
            #expect(throws: SwivelError.self) { try sim.send(.setServoPulse(axis: .yaw, pulseMicroseconds: width)) }
            do {
                _ = try sim.send(.setServoPulse(axis: .yaw, pulseMicroseconds: width))
            } catch {
                #expect(error.code == .invalidParameter && error.axis == .yaw, "\(error)")
                #expect(error.reason == (width.isNaN ? .nonFiniteValue : .servoPulseOutOfRange))
            }
        }
        #expect(sim.stand.status().servoPulseNanoseconds == PerAxis(repeating: 0))
        #expect(sim.stand.status().enabledDriverAxes.isEmpty, "nothing energised")
    }

    @Test func anAxisTheStandLacksIsNotSupported() throws {
        let sim = try Self.pca9685()
        #expect(throws: SwivelError(.notSupportedByDevice, .axisNotPresent, axis: .roll)) {
            try sim.send(.setServoPulse(axis: .roll, pulseMicroseconds: 1500))
        }
    }

    @Test func aStepperHasNoPulseWidthButTheHobbyServoOnPWMHas() throws {
        let sim = try VirtualStand(board: try BoardFixtures.load("sim.json5"))
        #expect(throws: SwivelError(.notSupportedByDevice, .notAPulseWidthServo, axis: .yaw)) {
            try sim.send(.setServoPulse(axis: .yaw, pulseMicroseconds: 1500))
        }
        #expect(try sim.send(.setServoPulse(axis: .roll, pulseMicroseconds: 2400)) == .accepted)
        sim.run(seconds: 0.05)
        let channel = try #require(sim.simulation.pwm.state(chip: 0, channel: 0))
        #expect(channel.enabled && channel.dutyCycleNanoseconds == 2_400_000, "\(channel)")
    }

    @Test func aMovingStandRefusesTheJogUntilItRests() throws {
        let sim = try Self.pca9685()
        _ = try sim.send(.setAngularVelocity(Vector3(yaw: 0.5)))
        sim.run(seconds: 0.2)
        #expect(throws: SwivelError(.busy, .servoPulseWhileMoving, axis: .pitch)) {
            try sim.send(.setServoPulse(axis: .pitch, pulseMicroseconds: 1500))
        }
        _ = try sim.send(.stop)
        #expect(sim.run(until: { $0.commanded.yaw.velocity == 0 }, timeoutSeconds: 1))
        #expect(try sim.send(.setServoPulse(axis: .pitch, pulseMicroseconds: 1500)) == .accepted)
    }

    /// A servo left pushing into its stop heats: the idle timeout releases it and ends the jog.
    @Test func theIdleTimeoutReleasesAJoggedServo() throws {
        let sim = try Self.pca9685(idleTimeoutSeconds: 1)
        _ = try sim.send(.setServoPulse(axis: .yaw, pulseMicroseconds: 520))
        sim.run(seconds: 0.5)
        // A second jog restarts the timeout.
        _ = try sim.send(.setServoPulse(axis: .yaw, pulseMicroseconds: 540))
        sim.run(seconds: 0.8)
        #expect(sim.stand.status().servoPulseNanoseconds.yaw == 540_000)
        #expect(sim.run(until: { $0.enabledDriverAxes.isEmpty }, timeoutSeconds: 0.5))
        sim.run(seconds: 0.05)
        #expect(sim.stand.status().servoPulseNanoseconds == PerAxis(repeating: 0))
        #expect(try Self.yawPulse(sim) == nil, "the channel is full OFF: the servo goes limp")
    }

    @Test func aNewSessionEndsTheJog() throws {
        let sim = try Self.pca9685()
        _ = try sim.send(.setServoPulse(axis: .yaw, pulseMicroseconds: 2000))
        #expect(try sim.send(.resetSession) == .accepted)
        #expect(sim.stand.status().servoPulseNanoseconds == PerAxis(repeating: 0))
    }

    /// Limits and following's bookkeeping keep it; the motion core alone, with no servo, refuses it.
    @Test func theControllerAloneHasNoServo() throws {
        var controller = try MotionController(
            hardwareLimits: PerAxis(pitch: nil, yaw: try AxisLimits(
                positionRange: try PositionRange(lowerRadians: -1, upperRadians: 1), maximumSpeed: 1, maximumAcceleration: 1), roll: nil),
            initialPositions: PerAxis(repeating: 0), tickSeconds: 0.001)
        #expect(throws: SwivelError(.notSupportedByDevice, .notAPulseWidthServo)) {
            try controller.apply(.setServoPulse(axis: .yaw, pulseMicroseconds: 1500), at: 0, measured: PerAxis(repeating: 0))
        }
    }
}
