import SwivelCore
import SwivelHardware
import SwivelRuntime
import SwivelSimBackend
import SwivelTestSupport
import SwivelStandHarness
import Testing

/// The daemon's arrangement in-process: the stand ticked by the real-time loop
/// thread on the system clock, commands posted from another thread.
@Suite struct StandOnRealtimeLoopTests {
    /// The simulated board's engine moved into a running loop (the daemon's
    /// simulated backend: the system clock, its tolerance for late steps).
    /// The simulation comes back boxed: it owns the physical model, which must
    /// live as long as the loop runs.
    static func started() throws -> (Stand, AfterTheLoop<SimulatedHardware>, RealtimeLoop) {
        let board = try BoardFixtures.load("sim.json5")
        let clock = SystemMonotonicClock()
        let simulation = try SimulatedHardware(
            board: board, clock: clock,
            stepLatenessToleranceNanoseconds: SimulatedHardware.wallClockStepLatenessToleranceNanoseconds)
        let (stand, engine) = try Stand.make(board: board, hardware: simulation.hardware, playDemo: false)
        let boxed = AfterTheLoop(simulation)
        let loop = try RealtimeLoop(periodNanoseconds: stand.periodNanoseconds, clock: clock, request: .none, running: engine)
        try loop.start()
        return (stand, boxed, loop)
    }

    @Test func commandsFromAnotherThreadMoveTheStandThenItHalts() throws {
        let (stand, simulation, loop) = try Self.started()
        defer { loop.stop() }

        let ticket = try stand.mailbox.post(.setOrientation(.angles(Vector3(yaw: 0.3)), durationSeconds: 0.3, relative: false))
        var reply: CommandMailbox.Reply?
        for _ in 0..<2000 where reply == nil {
            reply = stand.mailbox.takeReply(ticket)
            sleepSeconds(0.001)
        }
        guard case .success(.started(let receipt))? = reply else {
            Issue.record("no receipt: \(String(describing: reply))")
            return
        }
        // Waits are bounded in the stand's time: it advances one period per
        // tick, so on a loaded machine whose loop skips deadlines it runs
        // slower than the clock (the wall-clock cap only keeps a hang finite).
        let started = stand.status().time
        for _ in 0..<60_000 where stand.status().lastRequest?.isFinished != true && stand.status().time - started < 3 {
            sleepSeconds(0.001)
        }
        #expect(stand.status().lastRequest?.requestID == receipt.requestID)
        #expect(stand.status().lastRequest?.isFinished == true)
        sleepSeconds(0.05)
        #expect(abs(stand.status().measured.yaw - 0.3) < DemoThroughEncodersTests.encoderTolerance)

        stand.requestHalt()
        let halting = stand.status().time
        for _ in 0..<60_000 where !stand.isHalted && stand.status().time - halting < 3 { sleepSeconds(0.001) }
        #expect(stand.isHalted)
        loop.stop()
        #expect(simulation.value.chip.outputLevel(line: 22) == true) // yaw ENABLE inactive (active low)
    }

    /// A loop stopped while the stand moves (a forced shutdown, a halt that
    /// did not finish in time): the loop's end turns every driver off, since
    /// nothing will tick the engine again.
    @Test func stoppingTheLoopMidMotionDisablesTheDrivers() throws {
        let (stand, simulation, loop) = try Self.started()
        _ = try stand.mailbox.post(.setAngularVelocity(Vector3(yaw: 0.5)))
        for _ in 0..<3000 where !stand.status().driversEnabled { sleepSeconds(0.001) }
        #expect(stand.status().driversEnabled)
        loop.stop()
        #expect(simulation.value.chip.outputLevel(line: 22) == true) // yaw ENABLE inactive (active low)
        #expect(stand.status().halted)
        #expect(!stand.status().driversEnabled)
        #expect(stand.isHalted)
    }
}

/// The simulation, whose chip the engine's drivers own and the loop thread
/// writes: read only after `loop.stop()` has joined that thread, which the
/// compiler cannot see (the daemon's `Backend` is the same exemption).
struct AfterTheLoop<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
