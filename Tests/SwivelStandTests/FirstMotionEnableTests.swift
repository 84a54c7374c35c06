import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelSimBackend
@testable import SwivelStand
import SwivelStandHarness
import Testing

/// Issue 11: the drivers stay off until the first motion. Checked at the mock
/// chip's lines and PWM channel of the simulated board (docs/RUNTIME.md,
/// "Start-up order").
@Suite struct FirstMotionEnableTests {
    // sim.json5: yaw STEP 17, DIR 27, ENABLE 22; pitch STEP 23, DIR 24,
    // ENABLE 25 (both active low: off is high); roll a servo on pwmchip0/pwm0.
    static let yaw = (step: 17, direction: 27, enable: 22)
    static let pitch = (step: 23, direction: 24, enable: 25)
    static let motorLines = [yaw.step, yaw.direction, yaw.enable, pitch.step, pitch.direction, pitch.enable]

    /// Every motor output is as requested: written once (the request: STEP and
    /// DIR low, ENABLE at its off level), and the servo's PWM never started
    /// nor given a pulse.
    static func expectUntouched(_ sim: VirtualStand, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let chip = sim.simulation.chip
        for line in motorLines {
            #expect(chip.writeCount(line: line) == 1, "\(context): line \(line) written after its request: \(chip.transitions(onLine: line))",
                    sourceLocation: sourceLocation)
        }
        #expect(chip.outputLevel(line: yaw.enable) == true, "\(context): yaw ENABLE", sourceLocation: sourceLocation)
        #expect(chip.outputLevel(line: pitch.enable) == true, "\(context): pitch ENABLE", sourceLocation: sourceLocation)
        let pwm = sim.simulation.pwm.writes(chip: 0, channel: 0)
        #expect(pwm.allSatisfy { if case .periodNanoseconds = $0.change { true } else { false } },
                "\(context): servo PWM written: \(pwm)", sourceLocation: sourceLocation)
        #expect(sim.simulation.pwm.state(chip: 0, channel: 0)?.enabled == false, sourceLocation: sourceLocation)
        #expect(sim.simulation.model.isDriven(axis: .yaw) == false, sourceLocation: sourceLocation)
        #expect(sim.simulation.model.isDriven(axis: .pitch) == false, sourceLocation: sourceLocation)
        #expect(sim.simulation.model.isDriven(axis: .roll) == false, sourceLocation: sourceLocation)
        let status = sim.stand.status()
        #expect(!status.driversEnabled && status.firstMotionSeconds == nil, "\(context)", sourceLocation: sourceLocation)
    }

    @Test func idleTicksEnergiseNothing() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        sim.run(seconds: 2)
        Self.expectUntouched(sim, "2 s idle")
        #expect(StatusLine.describe(sim.stand.status()) == "idle, drivers off")
        // A released stepper in the model neither holds nor drifts.
        #expect(sim.simulation.model.angleRadians(axis: .yaw) == 0)
        #expect(sim.simulation.model.angleRadians(axis: .pitch) == 0)
    }

    @Test func commandsThatMoveNothingEnergiseNothing() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        sim.run(seconds: 0.1)
        #expect(try sim.send(.setAngularVelocity(.zero)) == .accepted)
        sim.run(seconds: 0.2)
        // To where the stand already is: planned, finished, nothing moved.
        _ = try sim.send(.setOrientation(.angles(.zero), durationSeconds: 0.5, relative: false))
        #expect(sim.run(until: { $0.lastRequest?.isFinished == true }, timeoutSeconds: 1))
        #expect(try sim.send(.stop) == .accepted)
        #expect(try sim.send(.setLimits(UserLimits())) == .accepted)
        sim.run(seconds: 0.2)
        Self.expectUntouched(sim, "after commands that move nothing")
    }

    /// The link in front: system tracking on with a vision camera that sees
    /// nobody, then a host that turns it off; neither moves the stand.
    @Test func trackingWithNoSubjectEnergisesNothing() throws {
        let h = try LinkHarness()
        let host = h.dockedSession()
        let vision = h.hub.openSession(label: "vision", role: .vision, at: h.now)
        h.decoders[vision] = FrameDecoder()
        let empty = TrackBatch(captureAgeMicroseconds: 0, camera: LinkHarness.camera, observations: [])
        for tick in 0..<2000 {
            if tick % 34 == 0 { h.send(.track(empty), from: vision) }
            h.step()
        }
        #expect(h.hub.systemTrackingEnabled)
        Self.expectUntouched(h.virtual, "system tracking, nobody in view")
        #expect(h.call(.setSystemTracking(enabled: false), on: host)?.isAck == true)
        h.run(seconds: 1)
        Self.expectUntouched(h.virtual, "tracking off")
    }

    @Test func theFirstMoveEnablesEveryDriverBeforeItsFirstStep() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        sim.run(seconds: 0.3)
        Self.expectUntouched(sim, "before the move")
        let deadline = sim.deadline
        _ = try sim.send(.setOrientation(.angles(Vector3(pitch: -0.2, yaw: 0.3)), durationSeconds: 0.5, relative: false))
        #expect(sim.run(until: { $0.lastRequest?.isFinished == true }, timeoutSeconds: 2))
        let chip = sim.simulation.chip
        for lines in [Self.yaw, Self.pitch] {
            // Requested off, then on at the deadline of the tick that applied the move.
            let enable = chip.transitions(onLine: lines.enable)
            #expect(enable.map(\.high) == [true, false], "ENABLE \(lines.enable): \(enable)")
            let on = try #require(enable.last)
            #expect(on.instant == deadline)
            let firstRise = try #require(chip.transitions(onLine: lines.step).first { $0.high })
            let gap = firstRise.instant.nanoseconds - on.instant.nanoseconds
            // On time, the steps of that tick start a lead later: the executors' floor is far below.
            #expect(gap >= sim.stand.leadNanoseconds && gap >= StepEnableTiming.setupNanoseconds, "line \(lines.step): \(gap) ns")
            // DIR changes only for yaw (pitch moves the way DIR already says).
            if let direction = chip.transitions(onLine: lines.direction).dropFirst().first {
                #expect(direction.instant >= on.instant)
            }
        }
        // The servo: its pulse for the held position, then the PWM on, at that deadline.
        let pwm = sim.simulation.pwm.writes(chip: 0, channel: 0).filter {
            if case .periodNanoseconds = $0.change { false } else { true }
        }
        #expect(pwm.prefix(2).map(\.change) == [.dutyCycleNanoseconds(1_500_000), .enabled(true)], "\(pwm.prefix(3))")
        #expect(pwm.prefix(2).allSatisfy { $0.instant == deadline })
        let status = sim.stand.status()
        #expect(status.driversEnabled)
        #expect(status.firstMotionSeconds == 0.3)
        #expect(abs(status.measured.yaw - 0.3) < DemoThroughEncodersTests.encoderTolerance)
        #expect(status.fault == nil)
        // Holding from now on.
        #expect(StatusLine.describe(status) == "holding")
        sim.run(seconds: 0.5)
        #expect(chip.outputLevel(line: Self.yaw.enable) == false)
        #expect(chip.transitions(onLine: Self.yaw.enable).count == 2)
    }

    /// The hardware executor in virtual time, its thread 50 µs late on every
    /// edge, the first move's tick woken 1.5 ms late (past the lead): ENABLE
    /// still goes out before the first step, with the setup time between.
    @Test func onALateStepThreadTheEnableStillComesFirst() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"), stepThread: .init { _ in 50_000 })
        sim.run(seconds: 0.1)
        Self.expectUntouched(sim, "before the move")
        _ = try sim.stand.mailbox.post(.setAngularVelocity(Vector3(yaw: 3)))
        sim.tick(wakingLateBy: 1_500_000)
        sim.run(seconds: 0.3)
        let chip = sim.simulation.chip
        let on = try #require(chip.transitions(onLine: Self.yaw.enable).last)
        #expect(!on.high)
        let firstRise = try #require(chip.transitions(onLine: Self.yaw.step).first { $0.high })
        #expect(firstRise.instant.nanoseconds - on.instant.nanoseconds >= StepEnableTiming.setupNanoseconds)
        #expect(sim.stand.status().commanded.yaw.velocity > 0)
        #expect(sim.stand.status().fault == nil)
    }

    @Test func aHaltBeforeAnyCommandWritesNothing() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        sim.run(seconds: 0.5)
        sim.stand.requestHalt()
        #expect(sim.run(until: { $0.halted }, timeoutSeconds: 0.1))
        sim.run(seconds: 0.1)
        #expect(sim.stand.isHalted)
        Self.expectUntouched(sim, "halted")
        #expect(StatusLine.describe(sim.stand.status()) == "halted, drivers disabled")
        // What the loop does once it has stopped.
        sim.engine.loopEnded(at: sim.clock.now())
        Self.expectUntouched(sim, "after disableDriversNow")
    }

    @Test func theDemoEnablesAtItsFirstMotion() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"), playDemo: true)
        #expect(sim.run(until: { $0.driversEnabled }, timeoutSeconds: 2))
        let status = sim.stand.status()
        // It moves from its first tick: enabled then, as before.
        #expect(status.firstMotionSeconds == 0)
        #expect(sim.simulation.chip.outputLevel(line: Self.yaw.enable) == false)
    }

    @Test func homingStillEnablesAtTheFirstTick() throws {
        let sim = try VirtualStand(board: BoardFixtures.homing(), initialAngles: [.yaw: 0.6])
        let first = sim.deadline
        sim.tick()
        #expect(sim.stand.status().activeMotion == .homing)
        for line in [Self.yaw.enable, Self.pitch.enable] {
            let enable = sim.simulation.chip.transitions(onLine: line)
            #expect(enable.map(\.high) == [true, false], "ENABLE \(line): \(enable)")
            #expect(enable.last?.instant == first)
        }
        #expect(sim.stand.status().driversEnabled)
        #expect(sim.stand.status().firstMotionSeconds == 0)
    }

    /// Released, an axis can be turned by hand: the first motion starts where
    /// its encoder says it is, not with a following error the size of the turn.
    @Test func anAxisTurnedWhileReleasedMovesFromWhereItIs() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        sim.run(seconds: 0.1)
        // A released rotor coasts 2²/(2·20) = 0.1 rad: past the 0.08 rad fault threshold.
        try sim.simulation.model.push(axis: .yaw, radiansPerSecond: 2)
        sim.run(seconds: 0.5)
        let turned = try #require(sim.simulation.model.angleRadians(axis: .yaw))
        #expect(abs(turned - 0.1) < 0.01)
        Self.expectUntouched(sim, "turned by hand")
        let status = sim.stand.status()
        #expect(abs(status.commanded.yaw.position - status.measured.yaw) < 1e-12)
        _ = try sim.send(.setOrientation(.angles(Vector3(yaw: -0.2)), durationSeconds: 0.5, relative: false))
        #expect(sim.run(until: { $0.lastRequest?.isFinished == true }, timeoutSeconds: 2))
        sim.run(seconds: 0.1)
        #expect(sim.stand.status().fault == nil)
        #expect(sim.stand.status().faultsDetected == 0)
        let arrived = try #require(sim.simulation.model.angleRadians(axis: .yaw))
        // Snapping onto the field on enable costs at most two full steps (0.021 rad at 3:1).
        #expect(abs(arrived + 0.2) < 0.022, "yaw at \(arrived)")
    }

    /// An absolute encoder reads where the axis is at power-up; the step count
    /// starts there, so the first tick has no difference to step.
    @Test func anAbsoluteEncoderOffZeroStepsNothingAtStart() throws {
        var board = try BoardFixtures.load("sim.json5")
        board.axes.yaw?.encoder = .as5600(Board.AS5600(
            i2cBus: 1, address: 0x36, gearRatio: 1, invert: false, zeroOffsetRadians: 0, sampleRateHz: 1000))
        let sim = try VirtualStand(board: board, initialAngles: [.yaw: 0.5])
        #expect(abs(sim.stand.status().measured.yaw - 0.5) < 0.002)
        sim.run(seconds: 0.5)
        Self.expectUntouched(sim, "AS5600 at 0.5 rad")
        _ = try sim.send(.setOrientation(.angles(Vector3(yaw: 0.2)), durationSeconds: 0.5, relative: false))
        #expect(sim.run(until: { $0.lastRequest?.isFinished == true }, timeoutSeconds: 2))
        sim.run(seconds: 0.1)
        #expect(sim.stand.status().fault == nil)
        let yaw = try #require(sim.simulation.model.angleRadians(axis: .yaw))
        #expect(abs(yaw - 0.2) < 0.01, "yaw at \(yaw)")
    }
}
