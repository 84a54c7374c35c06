import SwivelBoard
import SwivelHardware
import SwivelRuntime
import SwivelSimBackend
import SwivelToolSupport

/// A board's `StandEngine` on `MockHardware` with nothing on the far side, so no
/// physical model runs. Without a model an encoder sees no edges, and the
/// closed-loop checks fault the stand at its first motion (the demo stops:
/// the figure then timed a faulted, still stand, 0 steps a tick). So the
/// rig's board has no encoders: every axis is open loop, and the tick plans
/// and writes the demo's steps as a stand's does.
struct MockStandRig {
    let clock: ManualClock
    let chip: InMemoryGPIOChip
    let engine: StandEngine
    let stepLines: [Int]

    /// Enough to show what the last writes were; the ring never grows.
    static let transitionLogCapacity = 64

    init(board given: Board) throws(ToolFailure) {
        var board = given
        board.axes.pitch?.encoder = nil
        board.axes.yaw?.encoder = nil
        board.axes.roll?.encoder = nil
        // As VirtualStand starts its clock: one second in keeps instants positive.
        clock = ManualClock(startingAt: MonotonicInstant(nanoseconds: 1_000_000_000))
        do throws(StandSetupError) {
            let mock = try MockHardware(board: board, clock: clock, transitionLogCapacity: Self.transitionLogCapacity)
            chip = mock.chip
            engine = try Stand.make(board: board, hardware: mock.hardware, playDemo: true).engine
        } catch {
            throw ToolFailure("stand on mock hardware for '\(board.name)': \(error.reason)")
        }
        stepLines = board.stepLines
    }

    var stepsEmitted: Int { chip.stepsEmitted(on: stepLines) }
}

extension InMemoryGPIOChip {
    /// STEP pulses written so far on `lines` (each is a rising and a falling write).
    func stepsEmitted(on lines: [Int]) -> Int {
        lines.reduce(0) { $0 + writeCount(line: $1) / 2 }
    }
}
