import SwivelCore
import SwivelHardware
import SwivelSimBackend
import SwivelStand
import SwivelStandHarness
import Testing

/// Commands through the mailbox into the runtime, in virtual time.
@Suite struct StandCommandTests {
    static let encoderTolerance = DemoThroughEncodersTests.encoderTolerance

    func standWithDemo() throws -> VirtualStand {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"), playDemo: true)
        sim.run(seconds: 0.5)
        #expect(sim.stand.status().demoPhase != nil)
        return sim
    }

    @Test func aHostCommandStopsTheDemo() throws {
        let sim = try standWithDemo()
        _ = try sim.send(.setAngularVelocity(Vector3(yaw: 0.5)))
        let status = sim.stand.status()
        #expect(status.demoPhase == nil)
        #expect(status.activeMotion == .velocity(Vector3(yaw: 0.5)))
        sim.run(seconds: 3)
        #expect(sim.stand.status().demoPhase == nil) // and it does not come back
    }

    @Test func setOrientationArrivesThroughTheEncoders() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        guard case .started(let receipt) = try sim.send(
            .setOrientation(.angles(Vector3(pitch: -0.3, yaw: 0.5, roll: 0.2)), durationSeconds: 1, relative: false))
        else { Issue.record("no receipt"); return }
        #expect(receipt.plannedDurationSeconds == 1)
        #expect(sim.run(until: { $0.lastRequest?.isFinished == true }, timeoutSeconds: 2))
        #expect(abs(sim.stand.status().time - 1) < 0.01)
        sim.run(seconds: 0.05) // let the rotors settle on the last step
        let status = sim.stand.status()
        #expect(abs(status.measured.yaw - 0.5) < Self.encoderTolerance)
        #expect(abs(status.measured.pitch + 0.3) < Self.encoderTolerance)
        #expect(abs(status.measured.roll - 0.2) < 1e-9) // open loop: commanded
        let horn = try #require(sim.simulation.model.angleRadians(axis: .roll))
        #expect(abs(horn - 0.2) < 0.002)
    }

    @Test func theRateLimitHoldsThroughTheMailbox() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        _ = try sim.send(.setOrientation(.angles(Vector3(yaw: 0.1)), durationSeconds: 1, relative: false))
        _ = try sim.send(.animate(.yes))
        #expect(throws: SwivelError(.frameRateTooHigh, .orientationCallRateExceeded)) {
            try sim.send(.setOrientation(.angles(Vector3(yaw: 0.3)), durationSeconds: 1, relative: false))
        }
        #expect(sim.stand.status().commandsRejected == 1)
        #expect(sim.stand.status().commandsApplied == 2)
        sim.run(seconds: 1)
        _ = try sim.send(.animate(.no))
    }

    @Test func aRelativeMoveStartsFromTheEncoders() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        _ = try sim.send(.setOrientation(.angles(Vector3(yaw: 0.4)), durationSeconds: 0.5, relative: false))
        sim.run(seconds: 1)
        _ = try sim.send(.setOrientation(.angles(Vector3(yaw: 0.4)), durationSeconds: 0.5, relative: true))
        sim.run(seconds: 1)
        #expect(abs(sim.stand.status().measured.yaw - 0.8) < 2 * Self.encoderTolerance)
    }

    @Test func aFullMailboxSaysBusy() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        for _ in 0..<sim.stand.mailbox.capacity { _ = try sim.stand.mailbox.post(.stop) }
        #expect(throws: SwivelError(.busy, .mailboxFull)) { try sim.stand.mailbox.post(.stop) }
        sim.tick()
        _ = try sim.stand.mailbox.post(.stop) // drained: room again
    }

    @Test func repliesFindTheirTickets() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        let bad = try sim.stand.mailbox.post(.setAngularVelocity(Vector3(yaw: .nan)))
        let good = try sim.stand.mailbox.post(.setAngularVelocity(Vector3(yaw: 0.1)))
        sim.tick()
        #expect(sim.stand.mailbox.takeReply(good) == .success(.accepted))
        #expect(sim.stand.mailbox.takeReply(bad) == .failure(SwivelError(.invalidParameter, .nonFiniteValue)))
        #expect(sim.stand.mailbox.takeReply(good) == nil) // taken once
    }

    @Test func narrowedLimitsBringTheAxisBackInside() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        _ = try sim.send(.setOrientation(.angles(Vector3(yaw: 2)), durationSeconds: 0, relative: false))
        sim.run(seconds: 2)
        _ = try sim.send(.setLimits(UserLimits(yaw: try UserAxisLimit(lowerRadians: -1, upperRadians: 1, maximumSpeed: 0.5))))
        sim.run(seconds: 3)
        #expect(abs(sim.stand.status().measured.yaw - 1) < Self.encoderTolerance)
        _ = try sim.send(.resetLimits)
        #expect(sim.stand.status().limits.yaw?.positionRange?.upperRadians == 2.8)
    }
}

@Suite struct StandHaltTests {
    @Test func haltDeceleratesThenDisablesTheDrivers() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        _ = try sim.send(.setAngularVelocity(Vector3(pitch: 1.5, yaw: -3, roll: 3)))
        sim.run(seconds: 0.4)
        #expect(abs(sim.stand.status().commanded.yaw.velocity + 3) < 1e-9)
        sim.stand.requestHalt()
        var previous = sim.stand.status()
        var worst = 0.0
        #expect(sim.run(until: { status in
            worst = max(worst, abs(status.commanded.yaw.velocity - previous.commanded.yaw.velocity) / 0.001)
            previous = status
            return status.halted
        }, timeoutSeconds: sim.stand.worstCaseStopSeconds + 0.1))
        #expect(sim.stand.isHalted)
        #expect(worst <= 12 * (1 + 1e-6)) // decelerated at the cap, not slammed
        let status = sim.stand.status()
        #expect(status.commanded.yaw.velocity == 0)
        sim.run(seconds: 0.05) // the disable takes effect after the last planned steps
        // ENABLE is active low on the sim board: disabled = high.
        #expect(sim.simulation.chip.outputLevel(line: 22) == true)
        #expect(sim.simulation.chip.outputLevel(line: 25) == true)
        #expect(sim.simulation.pwm.state(chip: 0, channel: 0)?.enabled == false)
        #expect(throws: SwivelError(.notConnected, .standHalted)) {
            try sim.send(.setAngularVelocity(Vector3(yaw: 1)))
        }
        // A disabled stepper holds nothing; nothing commands it any more either.
        let yaw = status.commanded.yaw.position
        sim.run(seconds: 0.5)
        #expect(sim.stand.status().commanded.yaw.position == yaw)
    }
}

/// Issue 24: how soon the loop acts on a halt, in ticks (the daemon's exit
/// summary prints it; docs/RUNTIME.md, "Stopping").
@Suite struct StandHaltReactionTests {
    @Test func aHaltRequestedBetweenTicksIsCommandedByTheNextTick() throws {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        _ = try sim.send(.setAngularVelocity(Vector3(yaw: 1)))
        for _ in 0..<100 { sim.tick() }
        #expect(sim.stand.haltReaction == nil)
        sim.stand.requestHalt()
        #expect(sim.stand.haltReaction == nil, "not seen before a tick")
        let before = sim.stand.status().commanded.yaw.velocity
        sim.tick()
        let reaction = try #require(sim.stand.haltReaction)
        // Requested after tick 100 (plus the one `send` ran) ended: tick 102 commands the stop.
        #expect(reaction.stoppingFromTick == reaction.requestedDuringTick + 1, "\(reaction)")
        #expect(sim.stand.status().commanded.yaw.velocity < before, "that very tick decelerates")
        // A second request changes nothing it recorded.
        sim.stand.requestHalt()
        sim.tick()
        #expect(sim.stand.haltReaction! == reaction)
    }
}

@Suite struct StepPulseTests {
    @Test func pulsesRespectTheDriverTiming() throws {
        let board = try BoardFixtures.load("sim.json5")
        guard let yaw = board.axes.yaw?.motor.stepper else { Issue.record("yaw is a stepper"); return }
        let sim = try VirtualStand(board: board)
        // Fast both ways: reversals exercise the DIR setup time.
        _ = try sim.send(.setAngularVelocity(Vector3(yaw: 3)))
        sim.run(seconds: 0.6)
        _ = try sim.send(.setAngularVelocity(Vector3(yaw: -3)))
        sim.run(seconds: 1.2)
        let step = sim.simulation.chip.transitions(onLine: yaw.stepLine)
        let direction = sim.simulation.chip.transitions(onLine: yaw.directionLine)
        let rising = step.filter(\.high).map(\.instant.nanoseconds)
        // The log starts with the line's initial (low) level at request time.
        let falling = step.filter { !$0.high }.map(\.instant.nanoseconds).filter { $0 > (rising.first ?? 0) }
        try #require(rising.count > 2000)
        let minimumSpacing = Int64((1e9 / yaw.maxStepRateHz).rounded(.down))
        for (a, b) in zip(rising, rising.dropFirst()) { #expect(b - a >= minimumSpacing) }
        for (up, down) in zip(rising, falling) { #expect(down - up >= Int64(yaw.minPulseWidthNanoseconds)) }
        #expect(direction.count >= 2)
        for change in direction.dropFirst() {
            let next = rising.first { $0 > change.instant.nanoseconds }
            if let next { #expect(next - change.instant.nanoseconds >= Int64(yaw.directionSetupNanoseconds)) }
        }
        #expect(sim.simulation.chip.overflowedTransitions == 0)
    }
}
