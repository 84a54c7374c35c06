import SwivelCore
import SwivelHardware
import SwivelRuntime
import SwivelTestSupport
import Testing

/// The daemon's arrangement in-process: the stand ticked by the real-time loop
/// thread on the system clock, commands posted from another thread.
@Suite struct StandOnRealtimeLoopTests {
    @Test func commandsFromAnotherThreadMoveTheStandThenItHalts() throws {
        let board = try BoardFixtures.load("sim.json5")
        let clock = SystemMonotonicClock()
        // As the daemon's simulated backend: the system clock, its tolerance for late steps.
        let simulation = try SimulatedHardware(
            board: board, clock: clock,
            stepLatenessToleranceNanoseconds: SimulatedHardware.wallClockStepLatenessToleranceNanoseconds)
        let stand = try Stand(board: board, hardware: simulation.hardware, playDemo: false)
        let loop = try RealtimeLoop(periodNanoseconds: stand.periodNanoseconds, clock: clock, request: .none) { tick in
            stand.tick(at: tick.deadline)
        }
        try loop.start()
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
        #expect(simulation.chip.outputLevel(line: 22) == true) // yaw ENABLE inactive (active low)
        withExtendedLifetime(simulation) {}
    }
}
