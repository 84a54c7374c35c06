import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelProtocol
@testable import SwivelLoop
@testable import SwivelSimBackend
@testable import SwivelStand
import SwivelStandHarness
import Testing

/// Issue 24, §2: the drivers rest when nobody needs them. Once nothing has
/// commanded motion for the board's `idleTimeoutSeconds` the drivers are
/// released (at the ENABLE lines and the servo's PWM), the next motion enables
/// them again, and an axis marked `holdWhenIdle` keeps holding. In virtual time
/// on the simulated board (sim.json5: yaw ENABLE 22, pitch ENABLE 25, both
/// active low, so off is high; roll a servo on pwmchip0/pwm0).
@Suite struct IdleReleaseTests {
    static let yawEnable = FirstMotionEnableTests.yaw.enable
    static let pitchEnable = FirstMotionEnableTests.pitch.enable

    static func board(idleTimeoutSeconds: Double = 1, pitchHolds: Bool = false) throws -> Board {
        var board = try BoardFixtures.load("sim.json5")
        board.idleTimeoutSeconds = idleTimeoutSeconds
        board.axes.pitch?.holdsWhenIdle = pitchHolds
        return board
    }

    /// ENABLE active (low) on the line, as the mock chip holds it.
    static func enabled(_ sim: VirtualStand, line: Int) -> Bool { sim.simulation.chip.outputLevel(line: line) == false }

    static func servoEnabled(_ sim: VirtualStand) -> Bool { sim.simulation.pwm.state(chip: 0, channel: 0)?.enabled == true }

    /// Moves every axis and waits until the move is over and every axis at rest;
    /// returns the stand time it came to rest.
    static func moveAndSettle(_ sim: VirtualStand, to target: Vector3) throws -> Double {
        _ = try sim.send(.setOrientation(.angles(target), durationSeconds: 0.5, relative: false))
        let settled = sim.run(until: { status in
            status.lastRequest?.isFinished == true && Axis.allCases.allSatisfy { status.commanded[$0].velocity == 0 }
        }, timeoutSeconds: 2)
        #expect(settled)
        return sim.stand.status().time
    }

    @Test func theBoardsDefaultIsDocumentedAndUsed() throws {
        let board = try BoardFixtures.load("sim.json5")
        #expect(board.idleTimeoutSeconds == Board.defaultIdleTimeoutSeconds)
        #expect(Board.defaultIdleTimeoutSeconds == 30)
        #expect(Axis.allCases.allSatisfy { board.axes.perAxis[$0]?.holdsWhenIdle != true })
    }

    @Test func theDriversRestAfterTheTimeoutAndTheNextMotionEnablesThem() throws {
        let sim = try VirtualStand(board: Self.board(idleTimeoutSeconds: 1))
        let rest = try Self.moveAndSettle(sim, to: Vector3(pitch: -0.2, yaw: 0.3, roll: 0.1))
        #expect(sim.stand.status().enabledDriverAxes == .all)

        // Holding until the timeout has passed since the last commanded motion.
        sim.run(seconds: 0.9)
        #expect(sim.stand.status().enabledDriverAxes == .all, "0.9 s after rest")
        #expect(Self.enabled(sim, line: Self.yawEnable) && Self.enabled(sim, line: Self.pitchEnable) && Self.servoEnabled(sim))
        #expect(sim.run(until: { !$0.driversEnabled }, timeoutSeconds: 0.3))
        let status = sim.stand.status()
        #expect(abs(status.time - rest - 1) < 0.01, "released \(status.time - rest) s after rest")
        #expect(status.mode == .released)
        #expect(status.enabledDriverAxes.isEmpty)
        #expect(status.idleReleases == 1)
        #expect(status.fault == nil)
        #expect(StatusLine.describe(status) == "idle, drivers off")
        sim.run(seconds: 0.01)
        #expect(!Self.enabled(sim, line: Self.yawEnable) && !Self.enabled(sim, line: Self.pitchEnable))
        #expect(!Self.servoEnabled(sim))
        #expect(sim.simulation.model.isDriven(axis: .yaw) == false)
        #expect(sim.simulation.model.isDriven(axis: .pitch) == false)
        // Released, the stand stays released: nothing re-enables on its own.
        sim.run(seconds: 2)
        #expect(!sim.stand.status().driversEnabled)
        #expect(sim.stand.status().idleReleases == 1)

        // The next motion enables every driver again and runs as the first did.
        _ = try sim.send(.setOrientation(.angles(Vector3(pitch: 0.1, yaw: -0.2, roll: 0)), durationSeconds: 0.5, relative: false))
        #expect(sim.stand.status().enabledDriverAxes == .all)
        #expect(sim.stand.status().mode == .running)
        #expect(sim.run(until: { $0.lastRequest?.isFinished == true }, timeoutSeconds: 2))
        sim.run(seconds: 0.1)
        let after = sim.stand.status()
        #expect(after.fault == nil)
        #expect(abs(after.measured.yaw + 0.2) < DemoThroughEncodersTests.encoderTolerance, "yaw \(after.measured.yaw)")
        #expect(abs(after.measured.pitch - 0.1) < DemoThroughEncodersTests.encoderTolerance, "pitch \(after.measured.pitch)")
        #expect(Self.enabled(sim, line: Self.yawEnable) && Self.enabled(sim, line: Self.pitchEnable) && Self.servoEnabled(sim))
        // The first motion is the first: re-enabling does not move it.
        #expect(after.firstMotionSeconds == 0)
    }

    /// A command that moves nothing (velocity 0, stop) is not motion: the
    /// timer keeps running through it. A velocity that moves is, and holding
    /// still after it restarts the count.
    @Test func onlyCommandedMotionPutsTheReleaseOff() throws {
        let sim = try VirtualStand(board: Self.board(idleTimeoutSeconds: 1))
        let rest = try Self.moveAndSettle(sim, to: Vector3(yaw: 0.2))
        sim.run(seconds: 0.5)
        #expect(try sim.send(.setAngularVelocity(.zero)) == .accepted)
        #expect(try sim.send(.stop) == .accepted)
        #expect(sim.run(until: { !$0.driversEnabled }, timeoutSeconds: 1))
        #expect(abs(sim.stand.status().time - rest - 1) < 0.01)

        _ = try sim.send(.setAngularVelocity(Vector3(yaw: 0.5)))
        sim.run(seconds: 1.5)
        #expect(sim.stand.status().driversEnabled, "a turning stand is never idle")
        _ = try sim.send(.stop)
        #expect(sim.run(until: { $0.commanded.yaw.velocity == 0 }, timeoutSeconds: 1))
        let stopped = sim.stand.status().time
        #expect(sim.run(until: { !$0.driversEnabled }, timeoutSeconds: 1.1))
        #expect(abs(sim.stand.status().time - stopped - 1) < 0.01)
    }

    @Test func anAxisMarkedToHoldKeepsItsDriver() throws {
        let sim = try VirtualStand(board: Self.board(idleTimeoutSeconds: 0.5, pitchHolds: true))
        _ = try Self.moveAndSettle(sim, to: Vector3(pitch: -0.3, yaw: 0.3))
        #expect(sim.run(until: { $0.enabledDriverAxes != .all }, timeoutSeconds: 1))
        sim.run(seconds: 0.01)
        #expect(sim.stand.status().enabledDriverAxes == [.pitch])
        #expect(sim.stand.status().mode == .released)
        #expect(Self.enabled(sim, line: Self.pitchEnable), "pitch holds")
        #expect(!Self.enabled(sim, line: Self.yawEnable))
        #expect(!Self.servoEnabled(sim))
        #expect(sim.simulation.model.isDriven(axis: .pitch) == true)
        // Still holding, and where it was put.
        sim.run(seconds: 2)
        #expect(sim.stand.status().enabledDriverAxes == [.pitch])
        #expect(abs(sim.stand.status().measured.pitch + 0.3) < DemoThroughEncodersTests.encoderTolerance)
        #expect(sim.stand.status().fault == nil)
        // The next motion enables the others again.
        _ = try sim.send(.setAngularVelocity(Vector3(yaw: 0.3)))
        #expect(sim.stand.status().enabledDriverAxes == .all)
        sim.run(seconds: 0.5)
        #expect(sim.stand.status().fault == nil)
        #expect(sim.stand.status().measured.yaw > 0.35)
    }

    /// A halt still releases an axis that holds when idle.
    @Test func aHaltReleasesAHoldingAxisToo() throws {
        let sim = try VirtualStand(board: Self.board(idleTimeoutSeconds: 0.5, pitchHolds: true))
        _ = try Self.moveAndSettle(sim, to: Vector3(pitch: -0.1))
        #expect(sim.run(until: { $0.enabledDriverAxes == [.pitch] }, timeoutSeconds: 1))
        sim.stand.requestHalt()
        #expect(sim.run(until: \.halted, timeoutSeconds: 1))
        #expect(sim.stand.status().enabledDriverAxes.isEmpty)
        sim.run(seconds: 0.01)
        #expect(!Self.enabled(sim, line: Self.pitchEnable))
    }

    // MARK: Tracking, through the link

    /// A subject being followed is commanded motion, for as long as it is in
    /// view, reached or not; tracking with nobody in view is not.
    @Test func trackingASubjectKeepsTheDriversOnAndTrackingNobodyDoesNot() throws {
        let h = try LinkHarness(board: Self.board(idleTimeoutSeconds: 1))
        let id = h.dockedSession()
        #expect(h.call(.setSystemTracking(enabled: false), on: id)?.isAck == true)
        var reached: Int?
        for tick in 0..<4000 {
            if tick % 34 == 0 { h.send(.track(LinkHarness.batch(subjectYaw: 0.3, standYaw: h.positions.yaw)), from: id) }
            h.step()
            if reached == nil, abs(h.positions.yaw - 0.3) < 0.02 { reached = tick }
            #expect(tick < 200 || h.virtual.stand.status().enabledDriverAxes == .all, "tick \(tick)")
        }
        // Reached early: for longer than the timeout after it the subject was only held in frame.
        #expect((reached ?? 4000) < 2500, "reached at tick \(String(describing: reached))")
        #expect(abs(h.positions.yaw - 0.3) < 0.02)
        // Nobody in view: the tracker loses the subject and stops; the drivers rest a timeout later.
        let empty = TrackBatch(captureAgeMicroseconds: 0, camera: LinkHarness.camera, observations: [])
        var released: Double?
        for tick in 0..<4000 {
            if tick % 34 == 0 { h.send(.track(empty), from: id) }
            h.step()
            if released == nil, !h.virtual.stand.status().driversEnabled { released = h.virtual.stand.status().time }
        }
        #expect(released != nil, "tracking with no subject leaves the stand idle")
        #expect(h.virtual.stand.status().activeMotion == .tracking)
        #expect(StatusLine.describe(h.virtual.stand.status()).hasSuffix(", drivers off"))
        // And a subject back in view moves the stand again.
        for tick in 0..<1000 {
            if tick % 34 == 0 { h.send(.track(LinkHarness.batch(subjectYaw: 0.1, standYaw: h.positions.yaw)), from: id) }
            h.step()
        }
        #expect(h.virtual.stand.status().driversEnabled)
        #expect(h.positions.yaw < 0.25, "yaw \(h.positions.yaw)")
    }

    /// The host leaves (BYE): the stand stops, and the drivers rest after the
    /// timeout. A docked host that only reads state and sends heartbeats does
    /// not keep them on; MOTION_STATE and GET_STATE say which are enabled.
    @Test func readingStateDoesNotKeepTheDriversOnAndTheWireSaysWhichAreEnabled() throws {
        let h = try LinkHarness(board: Self.board(idleTimeoutSeconds: 1, pitchHolds: true))
        let mover = h.dockedSession(name: "mover")
        #expect(h.call(.setSystemTracking(enabled: false), on: mover)?.isAck == true)
        #expect(h.call(.setAngularVelocity(Vector3(pitch: 0.2, yaw: 0.5)), on: mover)?.isAck == true)
        h.run(seconds: 0.5)
        // The last host leaves: the stand stops; then a host docks that only reads.
        #expect(h.call(.bye, on: mover)?.isAck == true)
        let reader = h.dockedSession(name: "reader")
        var reports: [StateReport] = []
        for _ in 0..<30 {
            if case .ack(let ack)? = h.call(.getState, on: reader), case .state(let report) = ack.body { reports.append(report) }
            h.run(seconds: 0.1)
        }
        #expect(reports.first?.enabledDriverAxes == .all)
        #expect(reports.last?.enabledDriverAxes == [.pitch])
        #expect(h.virtual.stand.status().enabledDriverAxes == [.pitch])
        let states = h.telemetry(on: reader).compactMap { message -> MotionStateReport? in
            if case .motionState(let state) = message { return state }
            return nil
        }
        let sequence = states.map(\.enabledDriverAxes).reduce(into: [AxisSet]()) { if $0.last != $1 { $0.append($1) } }
        #expect(sequence == [.all, [.pitch]], "\(sequence)")
        #expect(states.allSatisfy { $0.faultCause == .none })
    }
}
