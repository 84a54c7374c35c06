import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelStandHarness
import Testing
@testable import SwivelSimBackend
@testable import SwivelStand

/// A move is `finished` once its steps are on the lines, not when the tick
/// that plans its last period arrives (docs/RUNTIME.md, "When a move is
/// finished"). Through the whole runtime in virtual time, with the hardware
/// executor's step thread played between ticks, checked at the mock chip's STEP line.
@Suite struct MoveFinishedAtTheLinesTests {
    // sim.json5: yaw STEP 17.
    static let yawStep = 17
    static let yawMicrostepsPerRadian = 200.0 * 16 * 3 / (2 * Double.pi)
    /// The guest check's move (scripts/guest/rootfs/checks/65-idle.sh).
    static let target = 0.02

    /// At a 10 ms period, as the guest's slowed boards: the last period of a
    /// move that ends at its acceleration cap still holds a step, which the
    /// 1 kHz board's last millisecond does not.
    func board() throws -> Board { try BoardFixtures.load("sim.json5", replacing: "rateHz: 1000", with: "rateHz: 100") }

    func rises(_ sim: VirtualStand) -> [Int64] {
        sim.simulation.chip.transitions(onLine: Self.yawStep).filter(\.high).map(\.instant.nanoseconds)
    }

    func startMove(_ sim: VirtualStand) throws {
        sim.run(seconds: 0.05)
        let move = MotionCommand.setOrientation(.angles(Vector3(pitch: 0, yaw: Self.target, roll: 0)), durationSeconds: 0.1, relative: false)
        _ = try sim.send(move)
    }

    @Test func aMoveIsFinishedOnlyOnceItsStepsAreOnTheLines() throws {
        let sim = try VirtualStand(board: board(), stepThread: VirtualStand.StepThread())
        try startMove(sim)
        let steps = Int((Self.target * Self.yawMicrostepsPerRadian).rounded())
        var arrivedRunning = 0
        var finishedWithRises: Int?
        for _ in 0..<1_000 {
            sim.tick()
            let status = sim.stand.status()
            let request = try #require(status.lastRequest)
            let arrived = abs(status.commanded.yaw.position - Self.target) < 1e-9 && abs(status.commanded.yaw.velocity) < 1e-6
            if arrived, request.state == .running {
                // The last period is planned a lead ahead: its steps go out after this tick.
                #expect(request.fractionCompleted == 1)
                arrivedRunning += 1
            }
            if request.state == .finished {
                finishedWithRises = rises(sim).count
                break
            }
            #expect(request.state == .running, "\(request.state) before the steps were out")
        }
        #expect(arrivedRunning >= 1, "the arrival was finished in the tick that planned its last steps")
        #expect(finishedWithRises == steps, "finished with \(String(describing: finishedWithRises)) of \(steps) steps on the line")
        #expect(sim.stand.status().fault == nil)
    }

    /// The step thread held up at the move's very end (CI on 2d7f099, a
    /// guest's swiveld stopped there): the last steps are dropped, and the
    /// move ends `failed`, never `finished` first.
    @Test func stepsDroppedAfterTheArrivalFailTheMoveInsteadOfFollowingAFinish() throws {
        let reference = try VirtualStand(board: board(), stepThread: VirtualStand.StepThread())
        try startMove(reference)
        #expect(reference.run(until: { $0.lastRequest?.state == .finished }, timeoutSeconds: 1))
        let lastRise = try #require(rises(reference).last)

        // The same run (virtual time: the same instants), the thread asleep for
        // 200 ms from the last rising edge on.
        let sim = try VirtualStand(board: board(), stepThread: VirtualStand.StepThread { instant in
            instant.nanoseconds >= lastRise ? 200_000_000 : 0
        })
        try startMove(sim)
        var states: [MotionProgress.State] = []
        for _ in 0..<1_000 {
            sim.tick()
            let state = try #require(sim.stand.status().lastRequest?.state)
            if states.last != state { states.append(state) }
            if state != .running { break }
        }
        #expect(states == [.running, .failed])
        guard case .motor(.yaw, .stepsTooLate)? = sim.stand.status().fault else {
            Issue.record("expected yaw's steps too late, got \(String(describing: sim.stand.status().fault))")
            return
        }
        #expect(rises(sim).count < rises(reference).count)
    }
}
